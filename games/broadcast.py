"""Channel-layer groups of a table and the one call that sends each viewer its own message."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable, Sequence
from typing import Any

from channels.layers import get_channel_layer

from config.channel_layer import ReliableRedisChannelLayer

logger = logging.getLogger(__name__)
# A message, or a function that makes it (for a group that may have nobody in it).
Payload = dict[str, Any] | Callable[[], dict[str, Any]]
# The consumer method that forwards a payload to its socket ("table.message" -> table_message).
HANDLER = "table.message"
# A payload for the sockets' sequencers, never the page: the table's latest version.
LATEST = "latest"


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


def broadcast(messages: Sequence[tuple[str, Payload]]) -> None:
    """Send every (group, payload) pair, each socket receiving them in the order given.

    Sent side by side, a play, its hand end and the next deal reached viewers in any order.
    A group's payloads travel as one layer message (`payloads`, in order): a run of bot moves
    costs each socket one receive, not one per move. A payload may be given as a function that
    makes it, called only if the group has members. A message the layer loses (a full queue)
    is healed by the socket's gap check.
    """
    layer = get_channel_layer()
    if not isinstance(layer, ReliableRedisChannelLayer):
        raise RuntimeError("CHANNEL_LAYERS must use config.channel_layer.ReliableRedisChannelLayer")
    by_group: dict[str, list[Payload]] = {}
    for group, payload in messages:
        by_group.setdefault(group, []).append(payload)
    batch = [(group, _message_maker(payloads)) for group, payloads in by_group.items()]
    future = asyncio.run_coroutine_threadsafe(layer.send_in_order(batch), _layer_loop.get())
    full = future.result(timeout=SEND_TIMEOUT)
    if full:
        logger.warning("%d of a change's messages found their socket's queue full", full)


def _message_maker(payloads: list[Payload]) -> Callable[[], dict[str, Any]]:
    """The layer message for a group's payloads, made when the layer asks for it."""
    return lambda: {
        "type": HANDLER,
        "payloads": [payload() if callable(payload) else payload for payload in payloads],
    }
