"""Dates are entered with the browser's date-time input and shown in the viewer's zone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.test import Client

from tests.tournaments.factories import person
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_local_start_time_is_read_and_shown_in_the_viewers_zone() -> None:
    client = Client()
    client.force_login(person())
    client.cookies["tz"] = "Europe/Sofia"
    form = client.get("/tournaments/new/").content.decode()
    assert 'type="datetime-local" name="starts_at"' in form
    assert "In your time zone (Europe/Sofia)." in form
    client.post(
        "/tournaments/new/",
        {"name": "Evening Cup", "variant": "bela", "format": "swiss", "round_minutes": 30,
         "bot_level": "easy", "absent_grace_seconds": 60, "starts_at": "2026-12-03T18:00"},
    )  # fmt: skip
    event = Tournament.objects.get(name="Evening Cup")
    assert event.starts_at == datetime(2026, 12, 3, 16, 0, tzinfo=UTC)
    page = client.get(f"/tournaments/{event.pk}/").content.decode()
    assert "Starts at 12/03/2026 6 p.m. (Europe/Sofia)." in page
    page = client.get(f"/tournaments/{event.pk}/", HTTP_ACCEPT_LANGUAGE="bg").content.decode()
    assert "Започва в 03.12.2026 18:00 (Europe/Sofia)." in page
    elsewhere = Client()  # the organizer again, in another zone (a draft shows to them only)
    elsewhere.force_login(event.organizer)
    elsewhere.cookies["tz"] = "America/New_York"
    page = elsewhere.get(f"/tournaments/{event.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Début le 03/12/2026 11:00 (America/New_York)." in page


def test_an_unknown_zone_falls_back_to_utc() -> None:
    client = Client()
    client.force_login(person())
    client.cookies["tz"] = "Mars/Olympus_Mons"
    assert "In your time zone (UTC)." in client.get("/tournaments/new/").content.decode()
