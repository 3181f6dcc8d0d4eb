"""A snapshot carries the last finished hand's summary, for a client that missed its event."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from games.models import Table, TableEvent
from games.queries import table_snapshot
from games.services import table_bot_act, table_turn_timeout
from tests.games.factories import people_table

pytestmark = pytest.mark.django_db


def finish_hands(table: Table, count: int) -> None:
    """Let bots play everyone's turns (as timeouts would) until `count` hands have ended."""
    ended = TableEvent.objects.filter(table=table, kind=TableEvent.Kind.HAND_END)
    while ended.count() < count:
        table.refresh_from_db()
        moved = table_turn_timeout(table_id=table.pk, version=table.version)
        assert moved or table_bot_act(table_id=table.pk, version=table.version)


def test_no_hand_has_finished_before_the_first_ends() -> None:
    table, users = people_table("bela")
    assert table_snapshot(table_id=table.pk, user=users[0])["last_hand"] is None


def test_the_snapshot_tells_the_last_finished_hand_as_its_event_did() -> None:
    table, users = people_table("bela")
    finish_hands(table, 2)
    second = TableEvent.objects.get(table=table, kind=TableEvent.Kind.HAND_END, hand=2)
    for viewer in (users[1], AnonymousUser()):
        snapshot = table_snapshot(table_id=table.pk, user=viewer)
        assert snapshot["last_hand"] == {
            "number": 2,
            "result": second.payload["result"],
            "contract": second.payload["contract"],
        }
        # The table has dealt the third hand: the summary is of one no longer shown.
        assert snapshot["version"] > second.version
