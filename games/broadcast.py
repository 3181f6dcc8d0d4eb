"""Channel-layer groups of a table and the one call that sends each viewer its own message."""

from __future__ import annotations

import asyncio
import os
import threading
from typing import Any

from channels.layers import get_channel_layer

# The consumer method that forwards a payload to its socket ("table.message" -> table_message).
HANDLER = "table.message"


def seat_group(table_id: int, seat: int) -> str:
    """The group of the sockets playing one seat: only they may see its cards."""
    return f"table-{table_id}-seat-{seat}"


def public_group(table_id: int) -> str:
    """The group of spectators' sockets: the public view only."""
    return f"table-{table_id}-public"


class _LayerLoop:
    """One long-lived event loop per process for broadcasts from synchronous code.

    async_to_sync would start a fresh loop per call, and the Redis layer keeps its connections
    per loop: every broadcast from a Celery worker would reconnect. Started lazily, so a forked
    worker child makes its own.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.pid = 0

    def get(self) -> asyncio.AbstractEventLoop:
        with self.lock:
            if self.loop is None or self.pid != os.getpid():
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name="broadcast", daemon=True).start()
                self.loop, self.pid = loop, os.getpid()
            return self.loop


_layer_loop = _LayerLoop()
# Seconds to wait for the layer; a broadcast that cannot be made is healed by clients' sync.
SEND_TIMEOUT = 10.0


def broadcast(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Send every (group, payload) pair; each group's in the order given, groups side by side.

    A group's sends are awaited one after another: sent at once, a play, its hand end and the
    next deal reached the layer in any order. A message the layer loses is healed by sync.
    """
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("CHANNEL_LAYERS is not configured")
    by_group: dict[str, list[dict[str, Any]]] = {}
    for group, payload in messages:
        by_group.setdefault(group, []).append(payload)

    async def send_in_order(group: str, payloads: list[dict[str, Any]]) -> None:
        for payload in payloads:
            await layer.group_send(group, {"type": HANDLER, "payload": payload})

    async def send_all() -> None:
        await asyncio.gather(*(send_in_order(g, p) for g, p in by_group.items()))

    future = asyncio.run_coroutine_threadsafe(send_all(), _layer_loop.get())
    future.result(timeout=SEND_TIMEOUT)
