"""The organizer's controls: only those possible now are shown, those that cannot be undone
ask first, refusals are plain words, and registration may go straight to the start."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from config.errors import ServiceError
from tests.tournaments.factories import bot_player, person, tournament
from tournaments import services
from tournaments.models import Entry, Round, Tournament

pytestmark = pytest.mark.django_db


def buttons(event: Tournament) -> set[str]:
    client = Client()
    client.force_login(event.organizer)
    page = client.get(f"/tournaments/{event.pk}/").content.decode()
    found = set(re.findall(rf'action="/tournaments/{event.pk}/([a-z-]+)/"', page))
    found |= set(re.findall(rf'class="button" href="/tournaments/{event.pk}/([a-z-]+)/"', page))
    return found - {"edit", "enter", "apart"}


def test_only_the_actions_possible_now_are_shown() -> None:
    event = tournament()
    assert buttons(event) == {"open-registration", "cancel"}
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    for _ in range(2):
        services.entry_register(
            tournament_id=event.pk, user=event.organizer, players=[bot_player(), bot_player()]
        )
    assert buttons(event) == {"open-check-in", "start", "cancel"}
    services.tournament_open_check_in(tournament_id=event.pk, user=event.organizer)
    assert buttons(event) == {"start", "cancel"}
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    assert buttons(event) == {"pause", "cancel"}
    services.tournament_pause(tournament_id=event.pk, user=event.organizer)
    assert buttons(event) == {"resume", "cancel"}
    services.tournament_cancel(tournament_id=event.pk, user=event.organizer)
    assert buttons(event) == set()


def test_start_and_cancel_ask_for_confirmation_first() -> None:
    event = tournament()
    client = Client()
    client.force_login(event.organizer)
    page = client.get(f"/tournaments/{event.pk}/").content.decode()
    assert f'<a class="button" href="/tournaments/{event.pk}/cancel/">' in page
    confirm = client.get(f"/tournaments/{event.pk}/cancel/")
    assert confirm.status_code == 200
    assert "Cancel the event for everyone? This cannot be undone." in confirm.content.decode()
    assert Tournament.objects.get(pk=event.pk).status == Tournament.Status.DRAFT, "asking only"
    client.post(f"/tournaments/{event.pk}/cancel/")
    assert Tournament.objects.get(pk=event.pk).status == Tournament.Status.CANCELLED


def test_others_cannot_open_the_confirmation() -> None:
    event = tournament()
    # Published: a stranger may see it (a draft would be a 404 to them), not run it.
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    client = Client()
    client.force_login(person())
    assert client.get(f"/tournaments/{event.pk}/cancel/").status_code == 403
    assert client.post(f"/tournaments/{event.pk}/cancel/").status_code == 403


def test_refusals_say_where_the_event_stands_in_plain_words() -> None:
    event = tournament()
    with pytest.raises(ServiceError) as refused:
        services.tournament_open_check_in(tournament_id=event.pk, user=event.organizer)
    assert refused.value.message == (
        "That is not possible now. The event is still a draft: open registration first."
    )
    assert "'" not in refused.value.message, "no status codes quoted at people"


def test_registration_goes_straight_to_the_start_and_everyone_entered_plays() -> None:
    event = tournament()
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    people = [person(), person(), person(), person()]
    for first, second in (people[:2], people[2:]):
        entry = services.entry_register(tournament_id=event.pk, user=first, players=[first, second])
        services.entry_accept(entry_id=entry.pk, user=second)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    event.refresh_from_db()
    assert event.status == Tournament.Status.RUNNING
    entries = Entry.objects.filter(tournament=event)
    assert all(e.checked_in and not e.no_show for e in entries), "nobody was asked to check in"
    assert Round.objects.filter(tournament=event, number=1).exists()


def test_the_clock_starts_an_event_without_a_check_in_at_its_start_time() -> None:
    starts = timezone.now() + timedelta(hours=1)
    event = tournament(starts_at=starts)
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    for _ in range(2):
        services.entry_register(
            tournament_id=event.pk, user=event.organizer, players=[bot_player(), bot_player()]
        )
    assert services.tournaments_advance_due(now=starts - timedelta(seconds=1)) == 0
    assert services.tournaments_advance_due(now=starts) == 1
    assert Tournament.objects.get(pk=event.pk).status == Tournament.Status.RUNNING
