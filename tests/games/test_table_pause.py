"""A paused table: people's actions refused, bots and timers idle, all of it back on resume."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config.errors import ServiceError
from games.models import Seat, Table, TableEvent
from games.queries import table_snapshot
from games.services import (
    table_act,
    table_bot_act,
    table_pause,
    table_resume,
    table_turn_timeout,
    tables_sweep_stalled,
)
from tests.games.factories import bot_table, people_table
from tests.games.test_turn_timer import seat_to_act

pytestmark = pytest.mark.django_db


def test_a_paused_table_refuses_a_persons_action_and_changes_nothing() -> None:
    table, _ = people_table("bela")
    seat = seat_to_act(table)
    assert table_pause(table_id=table.pk)
    table.refresh_from_db()
    paused_at = table.version
    with pytest.raises(ServiceError) as refused:
        table_act(table_id=table.pk, user=seat.user, action={"bid": "pass"}, version=paused_at)
    assert refused.value.code == "paused"
    assert refused.value.message == "Play is paused; you can act again once it resumes."
    table.refresh_from_db()
    assert table.version == paused_at
    assert not TableEvent.objects.filter(table=table, kind=TableEvent.Kind.BID).exists()


def test_bots_and_timers_do_nothing_while_paused_whatever_version_they_hold() -> None:
    table, _ = people_table("bela")
    seat = seat_to_act(table)
    queued_before = table.version
    table_pause(table_id=table.pk)
    table.refresh_from_db()
    for version in (queued_before, table.version):
        assert not table_turn_timeout(table_id=table.pk, version=version)
    assert Seat.objects.get(pk=seat.pk).timeouts_in_row == 0
    bots = bot_table()
    table_pause(table_id=bots.pk)
    bots.refresh_from_db()
    assert not table_bot_act(table_id=bots.pk, version=bots.version)
    assert Table.objects.get(pk=bots.pk).version == bots.version


def test_the_stall_sweep_leaves_a_paused_table_alone() -> None:
    bots = bot_table()
    table_pause(table_id=bots.pk)
    Table.objects.filter(pk=bots.pk).update(updated_at=timezone.now() - timedelta(hours=1))
    assert tables_sweep_stalled(grace_seconds=10) == 0
    table_resume(table_id=bots.pk)
    Table.objects.filter(pk=bots.pk).update(updated_at=timezone.now() - timedelta(hours=1))
    assert tables_sweep_stalled(grace_seconds=10) == 1


def test_resuming_lets_the_seat_to_act_play_again_and_viewers_see_each_state() -> None:
    table, _ = people_table("bela")
    seat = seat_to_act(table)
    assert table_pause(table_id=table.pk)
    assert table_snapshot(table_id=table.pk, user=seat.user)["table"]["paused"] is True
    assert table_resume(table_id=table.pk)
    table.refresh_from_db()
    assert table_snapshot(table_id=table.pk, user=None)["table"]["paused"] is False
    kinds = TableEvent.objects.filter(table=table).order_by("-version").values_list("kind")
    assert [k for (k,) in kinds[:2]] == ["resume", "pause"]
    table_act(table_id=table.pk, user=seat.user, action={"bid": "pass"}, version=table.version)
    assert TableEvent.objects.filter(table=table, kind=TableEvent.Kind.BID).count() == 1


def test_pause_and_resume_are_idempotent_and_a_finished_table_does_not_pause() -> None:
    table, _ = people_table("bela")
    assert table_pause(table_id=table.pk) and not table_pause(table_id=table.pk)
    assert table_resume(table_id=table.pk) and not table_resume(table_id=table.pk)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    assert not table_pause(table_id=table.pk)
    assert Table.objects.get(pk=table.pk).paused_at is None
