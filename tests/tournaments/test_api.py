"""The tournaments API: create, read, edit, enter, check in, replace — the organizer's path."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.factories import bot_player, person, tournament
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post(client: Client, url: str, body: object = None) -> tuple[int, dict]:
    response = client.post(url, body, content_type="application/json")
    return response.status_code, response.json()


def test_an_organizer_runs_the_whole_path_to_the_start() -> None:
    organizer = person()
    client = signed_in(organizer)
    status, created = post(client, "/api/tournaments/", {
        "name": "API Cup", "variant": "belote", "format": "single_elimination",
        "house_rules": {"target": 1000}, "match_deals": 2, "third_place": True,
    })  # fmt: skip
    assert status == 201 and created["status"] == "draft"
    assert created["organizer"] == organizer.username
    base = f"/api/tournaments/{created['id']}/"
    edited = client.patch(base, {"round_minutes": 25}, content_type="application/json").json()
    assert edited["round_minutes"] == 25 and edited["match_deals"] == 2, "others untouched"
    assert post(client, base + "open-registration/")[0] == 200
    for _ in range(4):
        bots = [bot_player().username, bot_player().username]
        assert post(client, base + "entries/", {"players": bots})[0] == 201
    me, partner = person(), person()
    status, entry = post(signed_in(me), base + "entries/",
                         {"players": [me.username, partner.username]})  # fmt: skip
    assert status == 201 and not entry["partner_accepted"], "the partner is asked first"
    status, accepted = post(signed_in(partner), base + f"entries/{entry['id']}/accept/")
    assert status == 200 and accepted["partner_accepted"]
    assert post(client, base + "open-check-in/")[0] == 200
    status, checked = post(signed_in(partner), base + f"entries/{entry['id']}/check-in/")
    assert status == 200 and checked["checked_in"]
    status, replaced = post(client, base + f"entries/{entry['id']}/replace/",
                            {"player": me.username, "replacement": None})  # fmt: skip
    assert status == 200 and replaced["players"][1] == partner.username
    assert replaced["players"][0].startswith("stand-in-")
    status, started = post(client, base + "start/")
    assert status == 200 and started["status"] == "running"
    assert len(started["entries"]) == 5 and started["rounds"][0]["number"] == 1
    listed = Client().get("/api/tournaments/").json()
    assert [t["name"] for t in listed["results"]] == ["API Cup"]


def test_unknown_players_and_bad_settings_are_400_with_fields() -> None:
    event = tournament()
    client = signed_in(event.organizer)
    post(client, f"/api/tournaments/{event.pk}/open-registration/")
    status, body = post(client, f"/api/tournaments/{event.pk}/entries/",
                        {"players": ["nobody-here", event.organizer.username]})  # fmt: skip
    assert status == 400 and body["error"]["fields"] == {
        "players": ["No player named 'nobody-here'."]
    }
    bad = {"name": "X", "variant": "bela", "format": "swiss", "match_deals": 0}
    status, body = post(client, "/api/tournaments/", bad)
    assert status == 400 and "match_deals" in body["error"]["fields"]
    assert not Entry.objects.exists() and Tournament.objects.count() == 1


def test_an_unknown_tournament_is_404() -> None:
    assert Client().get("/api/tournaments/999999/").status_code == 404
    assert Client().get("/api/tournaments/99999999999999999999999/").status_code == 404
