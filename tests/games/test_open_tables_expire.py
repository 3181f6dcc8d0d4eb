"""A table left waiting for players goes once nobody has come back to it for a while; one
somebody still waits at, or that changed lately, or that is playing, stays."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from config.celery import app
from games import presence
from games.models import Table
from games.open_tables import open_tables_expire
from games.services import table_create_in_lobby, table_seat_computer, table_take_seat
from tests.games.factories import person
from tests.tournaments.factories import ready_to_start
from tournaments.models import Round, RoundTable
from tournaments.rounds import round_start
from tournaments.services import tournament_start

pytestmark = pytest.mark.django_db

KEEP_DAYS = 7


def left_waiting(*, idle_days: float) -> Table:
    """A table its host opened for friends, then left alone for a while."""
    table = table_create_in_lobby(user=person(), opponents="open", variant="belote")
    go_quiet(table, idle_days)
    return table


def go_quiet(table: Table, idle_days: float) -> None:
    then = timezone.now() - timedelta(days=idle_days)
    Table.objects.filter(pk=table.pk).update(updated_at=then)


def test_a_table_nobody_came_back_to_goes() -> None:
    table = left_waiting(idle_days=KEEP_DAYS + 1)
    assert open_tables_expire(idle_days=KEEP_DAYS, limit=10) == 1
    assert not Table.objects.filter(pk=table.pk).exists()


def test_a_table_someone_may_still_come_to_stays() -> None:
    recent = left_waiting(idle_days=KEEP_DAYS - 1)
    waited_at = left_waiting(idle_days=KEEP_DAYS + 1)
    host = waited_at.seats.get(number=0).user
    presence.seat_here(table_id=waited_at.pk, user_id=host.pk)  # its page is open now
    assert open_tables_expire(idle_days=KEEP_DAYS, limit=10) == 0
    assert Table.objects.filter(pk__in=[recent.pk, waited_at.pk]).count() == 2


def test_a_table_being_played_stays_however_quiet() -> None:
    host = person()
    table = table_create_in_lobby(user=host, opponents="open", variant="bela")
    for seat in (1, 2):
        table_seat_computer(table_id=table.pk, user=host, seat=seat)
    table_take_seat(table_id=table.pk, user=person(), seat=3)
    go_quiet(table, KEEP_DAYS * 10)
    assert open_tables_expire(idle_days=KEEP_DAYS, limit=10) == 0
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING


def test_an_events_table_is_never_touched() -> None:
    event, _ = ready_to_start(bot_entries=2)
    tournament_start(tournament_id=event.pk, user=event.organizer)
    round_start(round_id=Round.objects.get(tournament=event, number=1).pk)
    table = RoundTable.objects.get(round__tournament=event).table
    Table.objects.filter(pk=table.pk).update(status=Table.Status.OPEN)  # as if never dealt
    go_quiet(table, KEEP_DAYS * 10)
    assert open_tables_expire(idle_days=KEEP_DAYS, limit=10) == 0
    assert Table.objects.filter(pk=table.pk).exists()


def test_the_oldest_go_first_a_limited_number_a_run() -> None:
    older = left_waiting(idle_days=KEEP_DAYS + 5)
    newer = left_waiting(idle_days=KEEP_DAYS + 2)
    assert open_tables_expire(idle_days=KEEP_DAYS, limit=1) == 1
    assert not Table.objects.filter(pk=older.pk).exists()
    assert Table.objects.filter(pk=newer.pk).exists()
    assert open_tables_expire(idle_days=KEEP_DAYS, limit=1) == 1


def test_beat_runs_it_daily() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["games-open-tables-expire"]
    assert entry["task"] in app.tasks and entry["schedule"] == 86_400
    assert settings.OPEN_TABLE_KEEP_DAYS >= 1
