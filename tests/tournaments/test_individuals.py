"""Individuals events: partners rotate each round, four to a table, everyone ranked alone."""

from __future__ import annotations

import pytest
from django.test import Client

from config.errors import ServiceError
from games.models import MatchPlayer
from tests.tournaments.factories import person, play_deals, ready_to_start
from tournaments import services
from tournaments.models import Entry, Round, RoundTable, Standing, Tournament
from tournaments.rounds import round_finalize, round_start
from tournaments.tables import is_stand_in

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


def play_round(event: Tournament, number: int) -> list[RoundTable]:
    """Start round `number`, play one deal at each table, finalize; its tables."""
    round_ = Round.objects.get(tournament=event, number=number)
    assert round_start(round_id=round_.pk)
    tables = list(RoundTable.objects.filter(round=round_).select_related("table"))
    for table in tables:
        play_deals(table.table, 1)
    assert round_finalize(round_id=round_.pk)
    return tables


def test_bots_fill_the_last_table_of_a_field_that_is_not_a_multiple_of_four() -> None:
    event, people = ready_to_start(bot_entries=2, people_entries=3, entry_type=INDIVIDUALS)
    for entry in Entry.objects.filter(tournament=event, player_one__in=people):
        services.entry_check_in(entry_id=entry.pk, user=entry.player_one)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    entries = Entry.objects.filter(tournament=event)
    fillers = entries.filter(filler=True)
    assert entries.count() == 8 and fillers.count() == 3
    assert all(f.player_one.is_bot and not is_stand_in(f.player_one) for f in fillers)
    tables = play_round(event, 1)
    assert len(tables) == 2
    seated = MatchPlayer.objects.filter(match__table__in=[t.table for t in tables])
    assert set(people) <= {player.user for player in seated}
    for table in tables:
        accounts = [p.user_id for p in seated if p.match.table_id == table.table_id]
        assert len(set(accounts)) == 4, "four accounts a table: the match can be rated"


def test_a_round_robin_of_individuals_partners_everyone_with_everyone_once() -> None:
    event, _ = ready_to_start(bot_entries=6, entry_type=INDIVIDUALS, format="round_robin")
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    teams = [
        frozenset(team)
        for number in range(1, 8)
        for table in play_round(event, number)
        for team in ((table.home_id, table.home_partner_id), (table.away_id, table.away_partner_id))
    ]
    assert len(teams) == len(set(teams)) == 28, "8 players (2 bots fill): each pair once"
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    lines = Standing.objects.filter(tournament=event)
    assert lines.count() == 6, "the two table fillers never rank"
    assert all(line.rounds_played == 7 for line in lines)


def test_individuals_cannot_play_a_knockout_and_the_api_says_why() -> None:
    client = Client()
    client.force_login(person())
    response = client.post(
        "/api/tournaments/",
        {"name": "Solo cup", "variant": "bela", "format": "single_elimination",
         "entry_type": "individuals"},
        content_type="application/json",
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unsupported"
    assert "no team goes through a knockout" in response.json()["error"]["message"]
    assert not Tournament.objects.exists()


def test_without_bots_a_field_that_leaves_seats_empty_cannot_start() -> None:
    event, _ = ready_to_start(
        bot_entries=0, people_entries=6, entry_type=INDIVIDUALS, bots_allowed=False
    )
    for entry in Entry.objects.filter(tournament=event):
        services.entry_check_in(entry_id=entry.pk, user=entry.player_one)
    with pytest.raises(ServiceError) as refused:
        services.tournament_start(tournament_id=event.pk, user=event.organizer)
    assert refused.value.message == (
        "Individuals sit four to a table: 6 players leave 2 seats empty, and this event "
        "allows no bots to fill them."
    )
    assert Tournament.objects.get(pk=event.pk).status == Tournament.Status.CHECK_IN
    assert Entry.objects.filter(tournament=event).count() == 6
