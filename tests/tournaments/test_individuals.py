"""Individuals events: partners rotate each round, four to a table, everyone ranked alone."""

from __future__ import annotations

import pytest

from games.models import MatchPlayer
from tests.tournaments.factories import play_deals, ready_to_start
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import Round, RoundTable, Standing, Tournament
from tournaments.rounds import round_finalize, round_start

pytestmark = pytest.mark.django_db

INDIVIDUALS = Tournament.EntryType.INDIVIDUALS


def test_eight_individuals_never_partner_anyone_twice_over_three_rounds() -> None:
    event, _ = ready_to_start(bot_entries=8, entry_type=INDIVIDUALS, swiss_rounds=3)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    teams = []
    for number in (1, 2, 3):
        round_ = Round.objects.get(tournament=event, number=number)
        assert round_start(round_id=round_.pk)
        tables = list(RoundTable.objects.filter(round=round_))
        assert len(tables) == 2
        seated = [e for t in tables for e in (t.home_id, t.home_partner_id, t.away_id,
                                              t.away_partner_id)]  # fmt: skip
        assert sorted(seated) == sorted(event.entries.values_list("pk", flat=True))
        for table in tables:
            teams += [
                {table.home_id, table.home_partner_id},
                {table.away_id, table.away_partner_id},
            ]
            players = MatchPlayer.objects.filter(match__table=table.table).order_by("seat")
            expected = [table.home, table.away, table.home_partner, table.away_partner]
            assert [p.user_id for p in players] == [e.player_one_id for e in expected]
            play_deals(table.table, 1)
        assert round_finalize(round_id=round_.pk)
    assert len({frozenset(team) for team in teams}) == len(teams) == 12
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    lines = Standing.objects.filter(tournament=event)
    assert lines.count() == 8 and all(line.rounds_played == 3 for line in lines)


def test_individuals_need_tables_of_four_and_a_swiss() -> None:
    event, _ = ready_to_start(bot_entries=6, entry_type=INDIVIDUALS)
    with pytest.raises(TournamentError, match="6 players is not a multiple of four"):
        services.tournament_start(tournament_id=event.pk, user=event.organizer)
    with pytest.raises(TournamentError, match="choose Swiss"):
        ready_to_start(bot_entries=4, entry_type=INDIVIDUALS, format="round_robin")
