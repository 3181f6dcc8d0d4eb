"""The clock runs the event: registration, check-in and the start come at their set times."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from config.errors import ServiceError
from tests.tournaments.factories import bot_player, person, tournament
from tournaments import services
from tournaments.models import Entry, Round, Tournament

pytestmark = pytest.mark.django_db

Status = Tournament.Status
HOUR = timedelta(hours=1)


def status_of(event: Tournament) -> str:
    return Tournament.objects.get(pk=event.pk).status


def scheduled(base: datetime, **settings: object) -> Tournament:
    """A draft opening registration 3 h before `base`, check-in 1 h after it, starting 2 h after."""
    values: dict[str, object] = {
        "registration_opens_at": base - 3 * HOUR,
        "check_in_opens_at": base + HOUR,
        "starts_at": base + 2 * HOUR,
    }
    return tournament(**{**values, **settings})


def test_each_step_comes_at_its_time_and_not_a_minute_before() -> None:
    base = timezone.now()
    event = scheduled(base)
    assert services.tournaments_advance_due(now=base - 3 * HOUR - timedelta(minutes=1)) == 0
    assert status_of(event) == Status.DRAFT
    assert services.tournaments_advance_due(now=base) == 1
    assert status_of(event) == Status.REGISTRATION
    bots = services.entry_register(
        tournament_id=event.pk, user=event.organizer, players=[bot_player(), bot_player()]
    )
    me, partner = person(), person()
    mine = services.entry_register(tournament_id=event.pk, user=me, players=[me, partner])
    services.entry_accept(entry_id=mine.pk, user=partner)
    assert services.tournaments_advance_due(now=base + HOUR - timedelta(seconds=1)) == 0
    assert services.tournaments_advance_due(now=base + HOUR) == 1
    assert status_of(event) == Status.CHECK_IN
    assert Entry.objects.get(pk=bots.pk).checked_in, "bots are always there"
    assert services.tournaments_advance_due(now=base + 2 * HOUR) == 1
    started = Tournament.objects.get(pk=event.pk)
    assert (started.status, started.started_at) == (Status.RUNNING, base + 2 * HOUR)
    assert Entry.objects.get(pk=mine.pk).no_show, "not checked in: bots play for them"
    assert list(Round.objects.filter(tournament=event).values_list("number", flat=True)) == [1]


def test_a_late_sweep_takes_every_step_that_came_meanwhile_and_a_second_one_nothing() -> None:
    base = timezone.now()
    event = scheduled(base)
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    for _ in range(2):
        team = [bot_player(), bot_player()]
        services.entry_register(tournament_id=event.pk, user=event.organizer, players=team)
    assert services.tournaments_advance_due(now=base + 3 * HOUR) == 2, "check-in, start"
    assert services.tournaments_advance_due(now=base + 3 * HOUR) == 0
    assert status_of(event) == Status.RUNNING
    assert Round.objects.filter(tournament=event).count() == 1


def test_a_draft_without_an_opening_time_waits_for_its_organizer() -> None:
    base = timezone.now()
    event = scheduled(base, registration_opens_at=None, check_in_opens_at=None)
    assert services.tournaments_advance_due(now=base + 10 * HOUR) == 0
    assert status_of(event) == Status.DRAFT


def test_a_start_with_too_few_entries_stays_in_check_in_and_says_why(
    caplog: pytest.LogCaptureFixture,
) -> None:
    base = timezone.now()
    event = scheduled(base)
    services.tournaments_advance_due(now=base + HOUR)
    assert status_of(event) == Status.CHECK_IN
    with caplog.at_level(logging.WARNING, logger="tournaments.services"):
        assert services.tournaments_advance_due(now=base + 2 * HOUR) == 0
    assert status_of(event) == Status.CHECK_IN
    assert "did not start" in caplog.text and "at least two entries" in caplog.text


def test_a_step_the_organizer_took_first_is_not_taken_again() -> None:
    base = timezone.now()
    event = scheduled(base)
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    services.tournament_cancel(tournament_id=event.pk, user=event.organizer)
    assert services.tournaments_advance_due(now=base + 3 * HOUR) == 0
    assert status_of(event) == Status.CANCELLED


@pytest.mark.parametrize(
    ("times", "message"),
    [
        ({"check_in_opens_at": -1, "starts_at": -2}, "starts_at must come after check_in_opens"),
        ({"check_in_closes_at": 3, "starts_at": 2}, "starts_at must not come before check_in"),
        ({"registration_opens_at": 2, "check_in_opens_at": 1}, "check_in_opens_at must come"),
    ],
)
def test_a_schedule_out_of_order_is_refused(times: dict[str, int], message: str) -> None:
    base = timezone.now()
    values = {field: base + hours * HOUR for field, hours in times.items()}
    with pytest.raises(ServiceError, match=message):
        tournament(**values)


def test_the_beat_runs_the_sweep_every_minute() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["tournaments-sweep"]
    assert (entry["task"], entry["schedule"]) == ("tournaments.sweep", 60.0)


def test_the_start_time_is_set_through_the_api_by_the_organizer_only() -> None:
    event = tournament()
    url = f"/api/tournaments/{event.pk}/"
    body = {"starts_at": "2030-01-01T20:00:00Z"}
    stranger = Client()
    stranger.force_login(person())
    refused = stranger.patch(url, body, content_type="application/json")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    assert Tournament.objects.get(pk=event.pk).starts_at is None
    organizer = Client()
    organizer.force_login(event.organizer)
    response = organizer.patch(url, body, content_type="application/json")
    assert response.status_code == 200 and response.json()["starts_at"] == "2030-01-01T20:00:00Z"
