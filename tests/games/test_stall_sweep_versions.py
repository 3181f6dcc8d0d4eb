"""The stall sweep tells the viewers of tables idle since lately their latest version.

A process killed between its commit and its broadcast leaves sockets a version behind; the
sweep's word heals them (the real sockets: tests/integration/test_event_order.py).
"""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from games.broadcast import LATEST, public_group, seat_group
from games.models import Table
from games.services import tables_sweep_stalled
from tests.games.factories import bot_table, people_table, play_bots_to_end

pytestmark = pytest.mark.django_db


def idle_for(table: Table, seconds: float) -> None:
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now() - timedelta(seconds=seconds))


def announced() -> dict[str, int]:
    """Group -> version told by one sweep (grace 10 s)."""
    with mock.patch("games.outbox.broadcast") as broadcast:
        tables_sweep_stalled(grace_seconds=10)
    messages = [m for call in broadcast.call_args_list for m in call.args[0]]
    assert all(payload["type"] == LATEST for _, payload in messages if isinstance(payload, dict))
    return {group: payload["version"] for group, payload in messages if isinstance(payload, dict)}


def test_idle_tables_lately_changed_are_told_and_no_others() -> None:
    thinking, _ = people_table("belote")  # a person to act, 30 s into the turn
    idle_for(thinking, 30)
    busy, _ = people_table("bela")  # changed a moment ago: its broadcast may be on its way
    ended = play_bots_to_end(bot_table("belote"))  # the match's end, a minute ago
    idle_for(ended, 60)
    forgotten = play_bots_to_end(bot_table("bela"))  # ended an hour ago
    idle_for(forgotten, 3600)

    told = announced()
    for table in (thinking, ended):
        table.refresh_from_db()
        groups = [public_group(table.pk)] + [seat_group(table.pk, n) for n in range(4)]
        assert {g: told.get(g) for g in groups} == dict.fromkeys(groups, table.version)
    for table in (busy, forgotten):
        assert not any(group.startswith(f"table-{table.pk}-") for group in told)


def test_a_duplicate_rounds_onlookers_are_not_told_of_its_live_tables() -> None:
    table, _ = people_table("belote")
    Table.objects.filter(pk=table.pk).update(watch_group="round-1")
    idle_for(table, 30)
    told = announced()
    assert public_group(table.pk) not in told and seat_group(table.pk, 0) in told
