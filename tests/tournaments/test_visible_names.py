"""Tournament and entry names show what a reader sees: no right-to-left override reordering the
bracket, no zero-width character letting one event or pair pass for another."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.factories import bot_player, person, tournament
from tournaments import services

pytestmark = pytest.mark.django_db

SPOOF = "\u202eSpring\u200b Cup\ufeff\u2066"


def signed_in_client(user: object) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_api_takes_hidden_characters_out_of_a_new_events_name_and_description() -> None:
    client = signed_in_client(person())
    body = {"name": SPOOF, "variant": "bela", "format": "swiss",
            "description": "Line one\u200b\r\nLine\u202e two"}  # fmt: skip
    response = client.post("/api/tournaments/", body, content_type="application/json")
    assert response.status_code == 201, response.content
    assert response.json()["name"] == "Spring Cup"
    assert response.json()["description"] == "Line one\nLine two"


def test_a_name_of_hidden_characters_only_is_refused_in_words() -> None:
    client = signed_in_client(person())
    body = {"name": "\u200b\u202e", "variant": "bela", "format": "swiss"}
    response = client.post("/api/tournaments/", body, content_type="application/json")
    assert response.status_code == 400
    assert "Give the tournament a name." in response.content.decode()


def test_an_edit_takes_them_out_and_cannot_blank_the_name() -> None:
    event = tournament()
    client = signed_in_client(event.organizer)
    url = f"/api/tournaments/{event.pk}/"
    edited = client.patch(url, {"name": SPOOF}, content_type="application/json")
    assert edited.json()["name"] == "Spring Cup"
    blanked = client.patch(url, {"name": "\u200d"}, content_type="application/json")
    assert blanked.status_code == 400
    event.refresh_from_db()
    assert event.name == "Spring Cup"


def test_an_entrys_team_name_is_cleaned() -> None:
    event = tournament()
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    entry = services.entry_register(
        tournament_id=event.pk, user=event.organizer, players=[bot_player(), bot_player()],
        name="\u202eThe \u200bAces",
    )  # fmt: skip
    assert entry.name == "The Aces"
