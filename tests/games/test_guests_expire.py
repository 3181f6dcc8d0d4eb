"""Guests nobody can come back to are removed with the practice tables only they played; a
guest whose games are other people's history too keeps its account."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from accounts.models import User
from config.celery import app
from games.guests import guests_expire
from games.models import Table
from games.services import table_create, table_create_in_lobby, table_take_seat
from tests.games.factories import person
from tests.tournaments.factories import tournament
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

KEEP_DAYS = 30


def guest_at_practice(*, idle_days: float) -> tuple[User, Table]:
    """A guest with a table against the computer, neither signed in nor moved for a while."""
    guest = User.guest_account()
    table = table_create_in_lobby(opponents="computer", user=guest, variant="belote")
    go_quiet(guest, table, idle_days)
    return guest, table


def go_quiet(guest: User, table: Table, idle_days: float) -> None:
    then = timezone.now() - timedelta(days=idle_days)
    User.objects.filter(pk=guest.pk).update(date_joined=then, last_login=then)
    Table.objects.filter(pk=table.pk).update(updated_at=then)


def test_a_guest_idle_past_the_limit_goes_with_its_practice_tables() -> None:
    guest, table = guest_at_practice(idle_days=KEEP_DAYS + 1)
    bots = set(table.seats.exclude(user=guest).values_list("user", flat=True))
    assert guests_expire(idle_days=KEEP_DAYS, limit=10) == 1
    assert not User.objects.filter(pk=guest.pk).exists()
    assert not Table.objects.filter(pk=table.pk).exists()
    assert bots and User.objects.filter(pk__in=bots, is_bot=True).count() == len(bots)


def test_a_guest_who_may_still_come_back_stays() -> None:
    recent, _ = guest_at_practice(idle_days=KEEP_DAYS - 1)
    signed_in, _ = guest_at_practice(idle_days=KEEP_DAYS + 1)
    User.objects.filter(pk=signed_in.pk).update(last_login=timezone.now())
    playing, table = guest_at_practice(idle_days=KEEP_DAYS + 1)
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now())
    assert guests_expire(idle_days=KEEP_DAYS, limit=10) == 0
    assert User.objects.filter(pk__in=[recent.pk, signed_in.pk, playing.pk]).count() == 3


def test_a_signed_up_person_is_never_removed() -> None:
    someone = person()
    table = table_create_in_lobby(opponents="computer", user=someone, variant="bela")
    go_quiet(someone, table, KEEP_DAYS * 10)
    assert guests_expire(idle_days=KEEP_DAYS, limit=10) == 0
    assert User.objects.filter(pk=someone.pk).exists() and Table.objects.filter(pk=table.pk)


def test_a_guest_who_sat_with_people_keeps_the_table_and_its_account() -> None:
    host = person()
    guest = User.guest_account()
    table = table_create(creator=host, variant="bela", bot_seats=(2, 3), turn_seconds=3600)
    table_take_seat(table_id=table.pk, user=guest)
    go_quiet(guest, table, KEEP_DAYS + 1)
    assert guests_expire(idle_days=KEEP_DAYS, limit=10) == 0
    assert table.seats.filter(user=guest).exists()


def test_a_guest_a_tournament_names_stays_and_its_practice_tables_too() -> None:
    guest, table = guest_at_practice(idle_days=KEEP_DAYS + 1)
    event = tournament(entry_type="individuals")
    # Entered before guests were refused events (tournaments.services.entry_register).
    Entry.objects.create(tournament=event, player_one=guest)
    User.objects.filter(pk=guest.pk).update(last_login=timezone.now() - timedelta(days=99))
    assert guests_expire(idle_days=KEEP_DAYS, limit=10) == 0
    assert Table.objects.filter(pk=table.pk).exists()  # nothing half-deleted


def test_the_oldest_go_first_a_limited_number_a_run() -> None:
    older, _ = guest_at_practice(idle_days=KEEP_DAYS + 5)
    newer, _ = guest_at_practice(idle_days=KEEP_DAYS + 2)
    assert guests_expire(idle_days=KEEP_DAYS, limit=1) == 1
    assert not User.objects.filter(pk=older.pk).exists() and User.objects.filter(pk=newer.pk)
    assert guests_expire(idle_days=KEEP_DAYS, limit=1) == 1


def test_beat_runs_it_daily_keeping_guests_past_their_session() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["games-guests-expire"]
    assert entry["task"] in app.tasks and entry["schedule"] == 86_400
    assert settings.GUEST_KEEP_DAYS * 86_400 > settings.SESSION_COOKIE_AGE
