"""An entry shows by its players' names as they are when read, in the reader's language: a
table filler's in the page's language (not the organizer's, who started the event), a closed
account's as "Former player" (its name goes), a renamed player's by the new name; a pair's own
team name stays as chosen. Naming them costs the same queries for any number of entries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.services import account_close, profile_update
from tests.tournaments.factories import person, ready_to_start, tournament
from tournaments import services
from tournaments.models import Entry, Round, Tournament
from tournaments.rounds import round_start

pytestmark = pytest.mark.django_db

INDIVIDUALS = Tournament.EntryType.INDIVIDUALS


def page(tournament_id: int, language: str = "en") -> str:
    return (
        Client()
        .get(f"/tournaments/{tournament_id}/", HTTP_ACCEPT_LANGUAGE=language)
        .content.decode()
    )


def entry_names_in_the_api(tournament_id: int) -> list[str]:
    entries = Client().get(f"/api/tournaments/{tournament_id}/").json()["entries"]
    return [entry["name"] for entry in entries]


def test_a_table_fillers_name_is_in_the_readers_language() -> None:
    event, _ = ready_to_start(bot_entries=6, entry_type=INDIVIDUALS, swiss_rounds=2)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)  # in English
    assert Entry.objects.filter(tournament=event, filler=True).count() == 2
    croatian = page(event.pk, "hr")
    assert "Popunjavač stola 1 (Lako)" in croatian and "Popunjavač stola 2 (Lako)" in croatian
    assert "Table filler" not in croatian
    assert "Table filler 1 (Easy)" in page(event.pk)


def test_a_closed_accounts_entry_shows_as_a_former_player() -> None:
    event = tournament(entry_type=INDIVIDUALS)
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    ann = person("ann")
    profile_update(user=ann, changes={"display_name": "Ann Example"})
    services.entry_register(tournament_id=event.pk, user=ann, players=[ann])
    assert "Ann Example" in page(event.pk)
    services.tournament_cancel(tournament_id=event.pk, user=event.organizer)
    account_close(user=ann, password="irrelevant-pw-9")
    shown = page(event.pk)
    assert "Ann Example" not in shown and "Former player" in shown
    assert entry_names_in_the_api(event.pk) == ["Former player"]


def test_a_renamed_player_shows_by_the_new_name_and_a_team_name_stays() -> None:
    event = tournament()
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    ann, bob, cy, di = person("ann"), person("bob"), person("cy"), person("di")
    pair = services.entry_register(tournament_id=event.pk, user=ann, players=[ann, bob])
    team = services.entry_register(
        tournament_id=event.pk, user=cy, players=[cy, di], name="The Jacks"
    )
    profile_update(user=bob, changes={"display_name": "Bobby"})
    assert str(Entry.objects.get(pk=pair.pk)) == "ann & Bobby"
    assert str(Entry.objects.get(pk=team.pk)) == "The Jacks"
    assert sorted(entry_names_in_the_api(event.pk)) == ["The Jacks", "ann & Bobby"]
    shown = page(event.pk)
    assert "ann &amp; Bobby" in shown and "The Jacks" in shown


def queries_for_players_to_show(entries: int) -> int:
    """The queries that read players (accounts) to show a running round's page and API."""
    event, _ = ready_to_start(bot_entries=entries, swiss_rounds=2)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    assert round_start(round_id=Round.objects.get(tournament=event, number=1).pk)
    client = Client()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/tournaments/{event.pk}/").status_code == 200
        assert client.get(f"/api/tournaments/{event.pk}/").status_code == 200
    return sum('FROM "accounts_user"' in query["sql"] for query in queries.captured_queries)


def test_naming_entries_costs_the_same_queries_for_eight_as_for_four() -> None:
    assert queries_for_players_to_show(8) == queries_for_players_to_show(4)
