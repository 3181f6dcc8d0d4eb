"""A socket with nothing to receive stays open, over a Unix-socket Redis and a TCP one.

The channel layer waits for a quiet channel with a 5 s blocking read; with redis-py's default
5 s read timeout every quiet socket was closed (1006) after about 5 s. Players who think,
spectators of a quiet table: all must keep their socket, and the move made after the quiet
must reach everyone. QUIET_SOCKET_SECONDS sets how long the tables stay quiet: 50 by default,
ten times the read timeout that closed them and past uvicorn's second WebSocket ping (every 20 s,
answered within 20 s); the 10-minute run of the note is QUIET_SOCKET_SECONDS=600.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from config.embedded_redis import EmbeddedRedis
from games.broadcast import public_group
from games.models import Table
from tests.games.factories import people_table, person
from tests.games.sockets import (
    Listener,
    age_group_members,
    group_joined,
    open_table_socket,
    recv_json,
)
from tests.helpers import Redis, Server, asgi_process, free_port, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

QUIET_SECONDS = float(os.environ.get("QUIET_SOCKET_SECONDS", "50"))


@pytest.fixture
def other_redis_url(redis_server: Redis, tmp_path: Path) -> Iterator[str]:
    """A Redis reached the other way than the session's: TCP if that is a socket, else one."""
    server = EmbeddedRedis(tmp_path / "redis.sock", tcp_port=free_port()).start()
    try:
        yield server.url if not redis_server.url.startswith("unix://") else server.tcp_url
    finally:
        server.stop()


@pytest.fixture
def other_server(stack_env: dict[str, str], other_redis_url: str) -> Iterator[Server]:
    """A second ASGI server on the same database, its channel layer on the other Redis."""
    with asgi_process({**stack_env, "REDIS_URL": other_redis_url}) as server:
        yield server


def watch_quiet_table(server: Server, stack: contextlib.ExitStack) -> tuple[Table, dict]:
    """Four people (nobody's clock will run out) and a spectator, all connected."""
    table, users = people_table("belote")
    inbox: queue.Queue[tuple[str, dict[str, Any]]] = queue.Queue()
    listeners = {}
    for name, user in [*((f"seat {n}", u) for n, u in enumerate(users)), ("spectator", None)]:
        viewer = user if user is not None else person()
        socket = stack.enter_context(open_table_socket(server, table.pk, user=viewer))
        listeners[name] = Listener(name, socket, inbox)
        listeners[name].start()
    for listener in listeners.values():
        wait_for(lambda lis=listener: lis.received or None, timeout=30, what="a snapshot")
    return table, listeners


def test_quiet_players_and_spectators_keep_their_sockets_on_both_kinds_of_redis(
    asgi_server: Server, other_server: Server
) -> None:
    with contextlib.ExitStack() as stack:
        tables = [watch_quiet_table(s, stack) for s in (asgi_server, other_server)]
        quiet_until = time.monotonic() + QUIET_SECONDS
        while time.monotonic() < quiet_until:
            dropped = [
                f"table {table.pk} {name}: {listener.closed}"
                for table, listeners in tables
                for name, listener in listeners.items()
                if listener.closed is not None
            ]
            assert not dropped, f"sockets closed while quiet: {dropped}"
            time.sleep(1)
        for _table, listeners in tables:
            snapshots = {name: lis.received[-1] for name, lis in listeners.items()}
            assert all(m["type"] == "snapshot" for m in snapshots.values()), snapshots
            # The person whose turn it has been all along acts now, and everyone hears of it.
            thinker = next(n for n, m in snapshots.items() if m["view"].get("legal"))
            version = snapshots[thinker]["version"]
            bid = snapshots[thinker]["view"]["legal"][0]
            listeners[thinker].send({"type": "act", "action": {"bid": bid}, "version": version})
            for name, listener in listeners.items():
                event = wait_for(
                    lambda lis=listener, moved=version + 1: next(
                        (m for m in lis.received if m.get("version") == moved), None
                    ),
                    timeout=30,
                    what=f"{name} to hear of the move after the quiet",
                )
                assert event["type"] == "event" and event["event"]["kind"] == "bid"


def test_a_pinging_socket_stays_in_its_group_past_the_layers_day(
    asgi_server: Server, redis_server: Redis
) -> None:
    """channels-redis drops group members added over a day ago; a ping renews the membership."""
    table, _ = people_table("belote")
    group = public_group(table.pk)
    with open_table_socket(asgi_server, table.pk, user=person()) as socket:
        recv_json(socket)
        joined = age_group_members(redis_server.url, group, days=2)
        socket.send(json.dumps({"type": "ping"}))
        assert recv_json(socket)["type"] == "pong"
        assert group_joined(redis_server.url, group) >= joined
