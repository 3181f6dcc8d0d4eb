"""Rounds driven in this process, table by table: pairing, results, standings, the next round."""

from __future__ import annotations

import pytest

from accounts.models import RatingChange
from games.models import Table
from tests.tournaments.factories import play_deals, ready_to_start
from tournaments import services
from tournaments.models import Round, RoundTable, Standing, Tournament
from tournaments.rounds import round_finalize, round_start

pytestmark = pytest.mark.django_db


def play_round(event: Tournament, number: int, deals: int = 1) -> Round:
    """Start round `number`, let the bots play `deals` deals at every table, finalize it."""
    round_ = Round.objects.get(tournament=event, number=number)
    assert round_start(round_id=round_.pk)
    assert not round_start(round_id=round_.pk), "a second start does nothing"
    for table in RoundTable.objects.filter(round=round_, table__isnull=False):
        play_deals(table.table, deals)
    assert round_finalize(round_id=round_.pk)
    assert not round_finalize(round_id=round_.pk), "a second finalize does nothing"
    round_.refresh_from_db()
    return round_


def test_a_swiss_of_five_pairs_plays_its_rounds_with_one_bye_each_round() -> None:
    event, _ = ready_to_start(bot_entries=5, swiss_rounds=3)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    byes = []
    for number in (1, 2, 3):
        round_ = play_round(event, number)
        tables = list(round_.tables.all())
        assert len(tables) == 3 and all(t.finished for t in tables)
        bye = [t for t in tables if t.is_bye]
        assert len(bye) == 1 and bye[0].winner_id == bye[0].home_id
        byes.append(bye[0].home_id)
        played = [t for t in tables if not t.is_bye]
        # The table ended its own one-deal match: a normal result, with nothing to explain.
        assert all(not t.adjudicated and t.note == "" for t in played)
        assert all(t.table.match.hands_played == 1 for t in played)
    assert len(set(byes)) == 3, "nobody sits out twice"
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    lines = list(Standing.objects.filter(tournament=event))
    assert [line.rank for line in lines][0] == 1 and len(lines) == 5
    assert sorted(line.rank for line in lines) == [line.rank for line in lines]
    assert Table.objects.filter(status=Table.Status.FINISHED).count() == 6
    # Each decided match moved its four players' ratings once (a level one moves none).
    decided = RoundTable.objects.filter(round__tournament=event, winner__isnull=False)
    assert RatingChange.objects.count() == 4 * (decided.count() - 3)


def test_a_match_played_to_the_end_keeps_the_engines_result() -> None:
    event, _ = ready_to_start(bot_entries=2, match_deals=None, house_rules={"target": 501})
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = play_round(event, 1, deals=100)
    table = round_.tables.get()
    assert table.table.status == Table.Status.FINISHED and not table.adjudicated
    winner_team = table.table.match.winner_team
    assert table.winner_id == (table.home_id if winner_team == 0 else table.away_id)
    assert max(table.home_points, table.away_points) >= 501
