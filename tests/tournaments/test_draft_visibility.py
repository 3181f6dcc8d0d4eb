"""A draft is unpublished: only its organizer and staff see it, by page or API, until
registration opens."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from tests.tournaments.factories import person, tournament
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def client_of(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def paths(event: Tournament) -> tuple[str, str]:
    return f"/api/tournaments/{event.pk}/", f"/tournaments/{event.pk}/"


def test_a_draft_is_not_found_by_anyone_else() -> None:
    event = tournament()
    assert event.status == Tournament.Status.DRAFT
    for viewer in (None, person()):
        api, page = paths(event)
        response = client_of(viewer).get(api)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"
        assert client_of(viewer).get(page).status_code == 404


def test_its_organizer_and_staff_see_the_draft() -> None:
    event = tournament()
    staff = person()
    staff.is_staff = True
    staff.save()
    for viewer in (event.organizer, staff):
        api, page = paths(event)
        assert client_of(viewer).get(api).json()["name"] == event.name
        assert client_of(viewer).get(page).status_code == 200


def test_anyone_sees_it_once_registration_opens() -> None:
    event = tournament()
    event.status = Tournament.Status.REGISTRATION
    event.save()
    api, page = paths(event)
    assert client_of(None).get(api).status_code == 200
    assert client_of(person()).get(page).status_code == 200
