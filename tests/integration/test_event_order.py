"""Every viewer gets every event of its table once, in version order: sent, delivered, healed.

Before, one change's messages went out side by side, each on its own connection: a play, its
hand end and the next deal reached viewers in any order, and the page dropped the late ones.
"""

from __future__ import annotations

import contextlib
import queue
from collections import defaultdict
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.utils import timezone

from games.broadcast import HANDLER, broadcast, public_group
from games.models import Seat, Table
from games.services import table_act, table_create, table_end, tables_sweep_stalled
from tests.games.factories import people_table, person, seat_to_act
from tests.games.sockets import Listener, events_in_order, open_table_socket, recv_json
from tests.helpers import Redis, Server, Worker, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_one_changes_messages_reach_a_group_in_the_order_sent(redis_server: Redis) -> None:
    layer = get_channel_layer()

    async def batches_in_order() -> int:
        channel = await layer.new_channel()
        await layer.group_add("order-check", channel)
        misordered = 0
        for batch in range(300):
            versions = [3 * batch + step for step in range(3)]
            await sync_to_async(broadcast)([("order-check", {"version": v}) for v in versions])
            got = [payload["version"] for payload in (await layer.receive(channel))["payloads"]]
            misordered += got != versions
        return misordered

    assert async_to_sync(batches_in_order)() == 0


def test_a_web_process_behind_by_more_than_a_hundred_messages_loses_none(
    redis_server: Redis,
) -> None:
    """Its sockets' channels share one queue; 300 tables each sending it a change fit in it."""
    layer = get_channel_layer()

    async def queued_and_received() -> tuple[int, int]:
        channels = [await layer.new_channel() for _ in range(300)]
        for number, channel in enumerate(channels):
            await layer.group_add(f"busy-{number}", channel)
        batch = [(f"busy-{number}", lambda: {"type": HANDLER}) for number in range(300)]
        full = await layer.send_in_order(batch)
        # A message the layer refused never comes: receive only what was queued.
        received = [await layer.receive(channel) for channel in channels[: 300 - full]]
        return full, len(received)

    assert async_to_sync(queued_and_received)() == (0, 300)


def fake_event(version: int) -> dict[str, Any]:
    """A table event as the layer carries it (only its version matters to the delivery)."""
    return {"type": HANDLER, "payloads": [{"type": "event", "version": version, "event": {}}]}


def test_an_early_event_waits_for_the_one_before_it(asgi_server: Server) -> None:
    table, _ = people_table("belote")
    layer = get_channel_layer()
    with open_table_socket(asgi_server, table.pk, user=person()) as socket:
        version = recv_json(socket)["version"]
        async_to_sync(layer.group_send)(public_group(table.pk), fake_event(version + 2))
        async_to_sync(layer.group_send)(public_group(table.pk), fake_event(version + 1))
        assert [recv_json(socket)["version"] for _ in range(2)] == [version + 1, version + 2]


def test_a_gap_that_stays_open_is_healed_by_a_snapshot(asgi_server: Server) -> None:
    table, _ = people_table("belote")
    layer = get_channel_layer()
    with open_table_socket(asgi_server, table.pk, user=person()) as socket:
        version = recv_json(socket)["version"]
        # The event at version + 1 never comes (the layer lost it).
        async_to_sync(layer.group_send)(public_group(table.pk), fake_event(version + 2))
        healed = recv_json(socket, timeout=30)
        assert healed["type"] == "snapshot" and healed["version"] == version


def test_a_move_never_broadcast_reaches_its_viewers_at_the_next_stall_sweep(
    asgi_server: Server,
) -> None:
    """A process killed between its commit and its broadcast: the next turn is a person's, so
    no later event would show the gap; the sweep's word of the latest version heals it."""
    table, _ = people_table("belote")
    mover = seat_to_act(table)
    next_player = Seat.objects.get(table=table, number=(mover.number + 1) % 4).user
    with (
        open_table_socket(asgi_server, table.pk, user=next_player) as player,
        open_table_socket(asgi_server, table.pk, user=person()) as spectator,
    ):
        version = recv_json(player)["version"]
        assert recv_json(spectator)["version"] == version
        with mock.patch("games.outbox.broadcast"):  # the process dies before telling anyone
            table_act(table_id=table.pk, user=mover.user, action={"bid": "pass"}, version=version)

        assert tables_sweep_stalled(grace_seconds=0) == 0, "a person's turn: no move queued"
        healed = {name: recv_json(socket, timeout=30) for name, socket in
                  (("player", player), ("spectator", spectator))}  # fmt: skip
        assert {m["type"] for m in healed.values()} == {"snapshot"}
        assert {m["version"] for m in healed.values()} == {version + 1}
        assert healed["player"]["view"]["legal"], "the player is told it is their turn"


def test_a_match_end_never_broadcast_heals_however_long_ago_the_table_opened(
    asgi_server: Server,
) -> None:
    """A tournament table paused overnight ends two days after it opened; the process that
    ended it dies before telling anyone: the sweep's word of the latest version still heals."""
    table, _ = people_table("belote")
    Table.objects.filter(pk=table.pk).update(created_at=timezone.now() - timedelta(days=2))
    with open_table_socket(asgi_server, table.pk, user=person()) as spectator:
        version = recv_json(spectator)["version"]
        with mock.patch("games.outbox.broadcast"):
            assert table_end(table_id=table.pk, reason="The event's deadline passed.")

        tables_sweep_stalled(grace_seconds=0)
        healed = recv_json(spectator, timeout=30)
        assert healed["type"] == "snapshot" and healed["version"] > version
        assert healed["table"]["status"] == Table.Status.FINISHED


@pytest.mark.slow
def test_twenty_busy_tables_deliver_every_event_in_order(
    asgi_server: Server, celery_worker: Worker
) -> None:
    """Bot tables at full speed, some with a person whose turns run out, watched throughout."""
    inbox: queue.Queue[tuple[str, dict[str, Any]]] = queue.Queue()
    listeners: dict[str, tuple[Listener, Table]] = {}
    counts: dict[str, int] = defaultdict(int)
    with contextlib.ExitStack() as stack:
        # Long matches: a run of bot moves commits a hand at once, and a match to the target
        # could be over before its spectator connects.
        tables = [
            table_create(
                creator=None, variant="belote", bot_seats=(0, 1, 2, 3), bot_delay_ms=0,
                max_hands=100,
            )
            for _ in range(16)
        ]  # fmt: skip
        for number in range(4):
            player = person()
            table = table_create(
                creator=player, variant="bela", bot_seats=(1, 2, 3), bot_delay_ms=0,
                turn_seconds=1,
            )  # fmt: skip
            socket = stack.enter_context(open_table_socket(asgi_server, table.pk, user=player))
            listeners[f"player {number}"] = (Listener(f"player {number}", socket, inbox), table)
            tables.append(table)
        for table in tables:
            socket = stack.enter_context(open_table_socket(asgi_server, table.pk, user=person()))
            listeners[f"spectator {table.pk}"] = (Listener(str(table.pk), socket, inbox), table)
        for listener, _table in listeners.values():
            listener.start()

        def enough() -> bool | None:
            while not inbox.empty():
                name, message = inbox.get()
                counts[name] += message["type"] == "event"
            everyone = all(counts[listener.name] > 0 for listener, _ in listeners.values())
            return True if everyone and sum(counts.values()) >= 600 else None

        wait_for(enough, timeout=300, what="600 events over the 20 tables, some for everyone")
    for listener, table in listeners.values():
        seen = events_in_order(listener.name, listener.received, table)
        assert seen > 0, f"{listener.name} saw no event"
