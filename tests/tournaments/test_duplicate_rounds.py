"""Duplicate events driven in this process: same cards at every table, scored by comparison."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from config.errors import ServiceError
from games.models import Table
from tests.tournaments.duplicate_checks import check_round
from tests.tournaments.factories import person, play_deals, ready_to_start
from tournaments import services
from tournaments.models import Round, RoundTable, Standing, Tournament
from tournaments.rounds import round_finalize, round_start

pytestmark = pytest.mark.django_db


def play_round(event: Tournament, number: int, deals: int) -> Round:
    round_ = Round.objects.get(tournament=event, number=number)
    assert round_start(round_id=round_.pk)
    for table in RoundTable.objects.filter(round=round_):
        play_deals(table.table, deals)
    assert round_finalize(round_id=round_.pk)
    round_.refresh_from_db()
    return round_


def test_six_pairs_play_two_duplicate_rounds_ranked_by_matchpoints() -> None:
    event, _ = ready_to_start(bot_entries=6, format="duplicate", match_deals=3, swiss_rounds=2)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    totals: dict[int, int] = {}
    for number in (1, 2):
        scored = check_round(play_round(event, number, deals=3), deals=3)
        for entry, points in scored.items():
            totals[entry] = totals.get(entry, 0) + points
    assert all(t.status == Table.Status.FINISHED for t in Table.objects.all())
    assert Table.objects.filter(match__hands_played=3).count() == 6, "exactly three deals each"
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    lines = list(Standing.objects.filter(tournament=event).order_by("rank", "entry"))
    assert {line.entry_id: line.score for line in lines} == totals
    assert [line.score for line in lines] == sorted(totals.values(), reverse=True)
    assert all(line.rounds_played == 2 for line in lines)
    page = APIClient().get(f"/api/tournaments/{event.pk}/").json()
    assert [line["score"] for line in page["standings"]] == [line.score for line in lines]
    html = APIClient().get(f"/tournaments/{event.pk}/").content.decode()
    assert 'id="duplicate-standings"' in html and "Matchpoints" in html


@pytest.mark.parametrize("entries", [2, 3, 5])
def test_duplicate_needs_an_even_field_of_four_or_more(entries: int) -> None:
    event, _ = ready_to_start(bot_entries=entries, format="duplicate", match_deals=2)
    with pytest.raises(ServiceError, match="do not fill them"):
        services.tournament_start(tournament_id=event.pk, user=event.organizer)
    event.refresh_from_db()
    assert event.status == Tournament.Status.CHECK_IN and not event.rounds.exists()


def test_the_api_refuses_a_duplicate_event_without_its_number_of_deals() -> None:
    client = APIClient()
    client.force_authenticate(person())
    settings = {"name": "Dup", "variant": "bela", "format": "duplicate", "match_deals": None}
    response = client.post("/api/tournaments/", settings, format="json")
    assert response.status_code == 400
    assert "set match_deals" in response.json()["error"]["message"]
    response = client.post("/api/tournaments/", {**settings, "match_deals": 0}, format="json")
    assert response.status_code == 400 and "match_deals" in response.json()["error"]["fields"]
    assert not Tournament.objects.exists()


def test_eight_individuals_play_duplicate_rounds_and_each_scores_their_sides_matchpoints() -> None:
    event, _ = ready_to_start(
        bot_entries=8, entry_type="individuals", format="duplicate", match_deals=2, swiss_rounds=2
    )
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    totals: dict[int, int] = {}
    for number in (1, 2):
        round_ = play_round(event, number, deals=2)
        check_round(round_, deals=2)
        for table in round_.tables.all():
            for entry, points in (
                (table.home_id, table.home_points),
                (table.home_partner_id, table.home_points),
                (table.away_id, table.away_points),
                (table.away_partner_id, table.away_points),
            ):
                totals[entry] = totals.get(entry, 0) + points
    assert len(totals) == 8
    lines = Standing.objects.filter(tournament=event)
    assert {line.entry_id: line.score for line in lines} == totals
    with pytest.raises(ServiceError, match="4 players do not fill them"):
        held, _ = ready_to_start(bot_entries=4, entry_type="individuals", format="duplicate")
        services.tournament_start(tournament_id=held.pk, user=held.organizer)


def test_an_entered_player_is_kept_off_the_rounds_other_tables_until_it_ends() -> None:
    event, people = ready_to_start(
        bot_entries=3, people_entries=1, format="duplicate", match_deals=1, swiss_rounds=1
    )
    for entry in event.entries.filter(player_one__in=people):
        services.entry_check_in(entry_id=entry.pk, user=people[0])
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = Round.objects.get(tournament=event, number=1)
    assert round_start(round_id=round_.pk)
    tables = list(RoundTable.objects.filter(round=round_).select_related("table"))
    mine = next(t for t in tables if people[0].pk in (t.home.player_one_id, t.away.player_one_id))
    other = next(t for t in tables if t is not mine)
    client = APIClient()
    client.force_login(people[0])
    assert client.get(f"/tables/{other.table_id}/").status_code == 403
    assert client.get(f"/api/tables/{other.table_id}/").json()["error"]["code"] == "watch_refused"
    assert client.get(f"/tables/{mine.table_id}/").status_code == 200
    page = APIClient().get(f"/tournaments/{event.pk}/").content.decode()
    assert f"/tables/{other.table_id}/" in page, "onlookers get links to the live tables"
    for table in tables:
        play_deals(table.table, 1)
    assert round_finalize(round_id=round_.pk)
    assert client.get(f"/tables/{other.table_id}/hands/1/").status_code == 200
