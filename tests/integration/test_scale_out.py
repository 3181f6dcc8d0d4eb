"""The production shape on one machine: two ASGI processes, two Celery workers and one beat.

A player listens on the first process and acts through the second; a spectator watches on
the second; a worker is killed mid-hand. Every socket still sees the events once and in order
(a move the killed worker committed but never broadcast comes as a healing snapshot), and the
match finishes whole. And a burst of closing sockets leaves no stale member in
a table's group (the layer's pool waits for a connection instead of refusing the discard).
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from games.broadcast import public_group
from games.models import Match, Table, TableEvent
from games.services import table_create
from tests.games.factories import people_table, person
from tests.games.sockets import Listener, choices, events_in_order, open_table_socket, recv_json
from tests.helpers import (
    Redis,
    Server,
    asgi_process,
    celery_process,
    default_queue,
    start_worker,
    stop_process,
    wait_for,
)

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def shape(stack_env: dict[str, str], tmp_path: Path) -> Iterator[dict[str, Any]]:
    """Two web processes, two workers and a beat that sweeps stalled tables every second."""
    queue_name = f"shape-{uuid.uuid4().hex[:8]}"
    env = {**stack_env, "CELERY_QUEUE": queue_name, "LIVE_TABLE_STALL_SECONDS": "1"}
    with contextlib.ExitStack() as stack, default_queue(queue_name):
        servers = [stack.enter_context(asgi_process(env)) for _ in range(2)]
        workers = [start_worker(env, queue_name) for _ in range(2)]
        beat = celery_process(env, "beat", "--schedule", str(tmp_path / "beat-schedule"))
        for process in (*workers, beat):
            stack.callback(stop_process, process)
        yield {"servers": servers, "workers": workers}


def act_when_asked(listener: Listener, inbox: queue.Queue[tuple[str, dict[str, Any]]]) -> None:
    """Play the seat from this socket: a pass or the first legal card, at the latest version."""
    latest = -1
    while True:
        name, message = inbox.get(timeout=60)
        if message.get("type") == "event" and message["event"]["kind"] == "match_end":
            return
        if name != listener.name or message.get("version", -1) <= latest:
            continue
        latest = message["version"]
        legal = choices(message.get("view") or {})
        if not legal:
            continue
        phase = message["view"]["phase"]
        action = {"bid": "pass" if "pass" in legal else legal[0]} if phase == "bidding" else {}
        if phase == "playing":
            action = {"play": legal[0]}
        listener.send({"type": "act", "action": action, "version": latest})


def test_two_servers_two_workers_and_a_killed_worker_lose_nothing(
    shape: dict[str, Any],
) -> None:
    first, second = shape["servers"]
    player = person()
    table = table_create(
        creator=player, variant="belote", bot_seats=(1, 2, 3), bot_delay_ms=0,
        turn_seconds=600, max_hands=3,
    )  # fmt: skip
    inbox: queue.Queue[tuple[str, dict[str, Any]]] = queue.Queue()
    with contextlib.ExitStack() as stack:
        sockets = {
            "player on the first": open_table_socket(first, table.pk, user=player),
            "player on the second": open_table_socket(second, table.pk, user=player),
            "spectator on the second": open_table_socket(second, table.pk, user=person()),
        }
        listeners = {}
        for name, socket in sockets.items():
            listeners[name] = Listener(name, stack.enter_context(socket), inbox)
            listeners[name].start()
        actor = threading.Thread(
            target=act_when_asked, args=(listeners["player on the second"], inbox), daemon=True
        )
        actor.start()

        def mid_hand() -> bool | None:
            last = TableEvent.objects.filter(table=table).order_by("-version").first()
            return True if last and last.version > 20 and last.kind == "play" else None

        wait_for(mid_hand, timeout=60, what="the first hand to be under way")
        killed = shape["workers"][0]
        os.killpg(killed.pid, signal.SIGKILL)
        killed.wait()

        def finished() -> bool | None:
            table.refresh_from_db()
            return True if table.status == Table.Status.FINISHED else None

        wait_for(finished, timeout=180, what="the match to finish after a worker was killed")
        wait_for(
            lambda: (
                all(
                    any(m.get("event", {}).get("kind") == "match_end" for m in lis.received)
                    for lis in listeners.values()
                )
                or None
            ),
            timeout=30,
            what="every socket to hear the match end",
        )
    for name, listener in listeners.items():
        # The killed worker may have committed a move it never broadcast: a snapshot heals it.
        assert events_in_order(name, listener.received, table, heals=True) > 20, name
    events = list(TableEvent.objects.filter(table=table).order_by("version"))
    assert [e.version for e in events] == list(range(1, table.version + 1))
    assert sum(e.kind == TableEvent.Kind.HAND_END for e in events) == 3
    assert Match.objects.get(table=table).hands_played == 3


def test_two_hundred_sockets_closing_at_once_leave_no_stale_group_member(
    asgi_server: Server, redis_server: Redis
) -> None:
    table, _ = people_table("bela")
    group_key = f"asgi:group:{public_group(table.pk)}"
    store = redis.Redis.from_url(redis_server.url)
    watcher = person()
    sockets = []
    with contextlib.ExitStack() as stack:
        for _ in range(200):
            socket = stack.enter_context(open_table_socket(asgi_server, table.pk, user=watcher))
            recv_json(socket)
            sockets.append(socket)
        assert store.zcard(group_key) == 200
        start = threading.Barrier(len(sockets))

        def close(socket: Any) -> None:
            start.wait()
            socket.close()

        closers = [threading.Thread(target=close, args=(s,)) for s in sockets]
        for closer in closers:
            closer.start()
        for closer in closers:
            closer.join()
    wait_for(
        lambda: True if store.zcard(group_key) == 0 else None,
        timeout=60,
        what=f"the group to empty (still {store.zcard(group_key)} members)",
    )
