"""Entering a tournament: within the window, one entry per player, bots only where allowed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from config.errors import ServiceError
from tests.tournaments.factories import bot_player, person, tournament
from tournaments import services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def open_event(**settings: object) -> object:
    event = tournament(**settings)
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    return event


def test_registration_after_the_window_is_refused_with_a_clear_error() -> None:
    closed = timezone.now() - timedelta(minutes=5)
    event = open_event(registration_closes_at=closed)
    me, partner = person(), person()
    client = Client()
    client.force_login(me)
    response = client.post(
        f"/api/tournaments/{event.pk}/entries/",
        {"players": [me.username, partner.username]},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "registration_closed",
        "message": f"Registration closed at {closed:%Y-%m-%d %H:%M} UTC.",
        "fields": {},
    }
    assert not Entry.objects.exists()


def test_registration_before_the_window_says_when_it_opens() -> None:
    opens = timezone.now() + timedelta(hours=1)
    event = open_event(registration_opens_at=opens)
    me, partner = person(), person()
    with pytest.raises(ServiceError, match=f"opens at {opens:%Y-%m-%d %H:%M} UTC"):
        services.entry_register(tournament_id=event.pk, user=me, players=[me, partner])


def test_a_person_enters_with_a_partner_once() -> None:
    event = open_event()
    me, partner, other = person(), person(), person()
    client = Client()
    client.force_login(me)
    url = f"/api/tournaments/{event.pk}/entries/"
    first = client.post(url, {"players": [me.username, partner.username], "name": "Aces"},
                        content_type="application/json")  # fmt: skip
    again = client.post(url, {"players": [me.username, other.username]},
                        content_type="application/json")  # fmt: skip
    assert first.status_code == 201 and first.json()["name"] == "Aces"
    assert again.status_code == 400 and again.json()["error"]["code"] == "already_entered"


def test_people_cannot_enter_others_or_bots() -> None:
    event = open_event()
    me = person()
    with pytest.raises(ServiceError, match="only a pair you play in"):
        services.entry_register(tournament_id=event.pk, user=me, players=[person(), person()])
    with pytest.raises(ServiceError, match="Only the organizer can enter bots"):
        services.entry_register(tournament_id=event.pk, user=me, players=[me, bot_player()])


def test_check_in_only_during_check_in() -> None:
    event = open_event()
    me, partner = person(), person()
    entry = services.entry_register(tournament_id=event.pk, user=me, players=[me, partner])
    services.entry_accept(entry_id=entry.pk, user=partner)
    with pytest.raises(ServiceError, match="Check-in is not open"):
        services.entry_check_in(entry_id=entry.pk, user=me)
    services.tournament_open_check_in(tournament_id=event.pk, user=event.organizer)
    assert services.entry_check_in(entry_id=entry.pk, user=partner).checked_in
