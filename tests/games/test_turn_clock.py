"""Viewers are told how long the person to act has left; bots and paused tables have no clock."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from games.models import Seat, Table
from games.queries import table_snapshot
from games.services import table_act, table_pause
from tests.games.factories import people_table
from tests.games.test_turn_timer import seat_to_act

pytestmark = pytest.mark.django_db


def clock(table: Table) -> float | None:
    return table_snapshot(table_id=table.pk, user=AnonymousUser())["table"]["turn_left"]


def test_the_person_to_act_has_the_tables_turn_time() -> None:
    table, _ = people_table("bela")
    left = clock(table)
    assert left is not None and table.turn_seconds - 2 <= left <= table.turn_seconds


def test_the_clock_counts_down_from_the_last_move() -> None:
    table, _ = people_table("bela")
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now() - timedelta(seconds=20))
    left = clock(table)
    assert left is not None and table.turn_seconds - 22 <= left <= table.turn_seconds - 20
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now() - timedelta(hours=1))
    assert clock(table) == 0


def test_a_move_restarts_the_clock_in_the_message_every_viewer_gets() -> None:
    table, _ = people_table("bela")
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now() - timedelta(seconds=20))
    seat = seat_to_act(table)
    table_act(table_id=table.pk, user=seat.user, action={"bid": "pass"}, version=table.version)
    left = clock(table)
    assert left is not None and left >= table.turn_seconds - 2


def test_no_clock_while_a_bot_decides_or_play_is_paused() -> None:
    table, _ = people_table("bela")
    Seat.objects.filter(pk=seat_to_act(table).pk).update(bot_holding=True)
    assert clock(table) is None
    Seat.objects.filter(table=table).update(bot_holding=False)
    assert clock(table) is not None
    table_pause(table_id=table.pk)
    assert clock(table) is None
