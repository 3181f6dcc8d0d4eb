"""Only the organizer and staff run a tournament: every action refused (403 JSON) for others."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.factories import person, ready_to_start, tournament
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

ACTIONS = ["open-registration", "open-check-in", "start", "pause", "resume", "cancel"]


def signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("action", ACTIONS)
def test_an_organizer_action_is_refused_to_anyone_else(action: str) -> None:
    event, _ = ready_to_start(bot_entries=2)
    response = signed_in(person()).post(f"/api/tournaments/{event.pk}/{action}/")
    assert response.status_code == 403
    assert response.json()["error"] == {
        "code": "forbidden",
        "message": "Only the organizer or staff can do this.",
        "fields": {},
    }
    refreshed = Tournament.objects.get(pk=event.pk)
    assert (refreshed.status, refreshed.paused_at) == (event.status, None)


def test_editing_and_replacing_are_refused_to_anyone_else() -> None:
    event, _ = ready_to_start(bot_entries=2)
    entry = Entry.objects.filter(tournament=event).first()
    assert entry is not None
    stranger = signed_in(person())
    edit = stranger.patch(
        f"/api/tournaments/{event.pk}/", {"name": "Mine now"}, content_type="application/json"
    )
    replace = stranger.post(
        f"/api/tournaments/{event.pk}/entries/{entry.pk}/replace/",
        {"player": entry.player_one.username, "replacement": None},
        content_type="application/json",
    )
    assert (edit.status_code, replace.status_code) == (403, 403)
    assert edit.json()["error"]["code"] == replace.json()["error"]["code"] == "forbidden"
    assert Tournament.objects.get(pk=event.pk).name == event.name
    assert Entry.objects.get(pk=entry.pk).player_one_id == entry.player_one_id


def test_anonymous_callers_are_asked_to_sign_in() -> None:
    event = tournament()
    response = Client().post(f"/api/tournaments/{event.pk}/open-registration/")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"


def test_the_page_buttons_are_refused_to_anyone_else() -> None:
    event = tournament()
    response = signed_in(person()).post(f"/tournaments/{event.pk}/open-registration/")
    # A draft is not even shown to anyone else.
    assert response.status_code == 404
    assert Tournament.objects.get(pk=event.pk).status == Tournament.Status.DRAFT


def test_the_organizer_and_staff_may_act() -> None:
    event = tournament()
    organizer = signed_in(event.organizer)
    response = organizer.post(f"/api/tournaments/{event.pk}/open-registration/")
    assert response.status_code == 200 and response.json()["status"] == "registration"
    staff = person()
    staff.is_staff = True
    staff.save()
    response = signed_in(staff).post(f"/api/tournaments/{event.pk}/cancel/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
