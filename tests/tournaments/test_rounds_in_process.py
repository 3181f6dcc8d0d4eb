"""Rounds driven in this process, table by table: pairing, results, standings, the next round."""

from __future__ import annotations

import pytest

from games.models import Table
from tests.games.factories import play_bots_to_end
from tests.tournaments.factories import ready_to_start
from tournaments import services
from tournaments.models import Round, RoundTable, Standing, Tournament
from tournaments.rounds import round_finalize, round_start

pytestmark = pytest.mark.django_db


def play_round(event: Tournament, number: int) -> Round:
    """Start round `number`, let the bots play every table, finalize it."""
    round_ = Round.objects.get(tournament=event, number=number)
    assert round_start(round_id=round_.pk)
    assert not round_start(round_id=round_.pk), "a second start does nothing"
    for table in RoundTable.objects.filter(round=round_, table__isnull=False):
        play_bots_to_end(table.table)
    assert round_finalize(round_id=round_.pk)
    assert not round_finalize(round_id=round_.pk), "a second finalize does nothing"
    round_.refresh_from_db()
    return round_


def test_a_swiss_of_six_pairs_plays_its_three_rounds_and_ranks_everyone() -> None:
    event, _ = ready_to_start(bot_entries=6, swiss_rounds=3, match_deals=None)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    for number in (1, 2, 3):
        round_ = play_round(event, number)
        assert round_.tables.count() == 3
        assert all(t.finished and not t.adjudicated for t in round_.tables.all())
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    ranks = list(Standing.objects.filter(tournament=event).values_list("rank", flat=True))
    assert len(ranks) == 6 and ranks[0] == 1
    assert all(s.rounds_played == 3 for s in Standing.objects.filter(tournament=event))
    assert Table.objects.filter(status=Table.Status.FINISHED).count() == 9
