"""Channel-layer groups of a table and the one call that sends each viewer its own message."""

from __future__ import annotations

import asyncio
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

# The consumer method that forwards a payload to its socket ("table.message" -> table_message).
HANDLER = "table.message"


def seat_group(table_id: int, seat: int) -> str:
    """The group of the sockets playing one seat: only they may see its cards."""
    return f"table-{table_id}-seat-{seat}"


def public_group(table_id: int) -> str:
    """The group of spectators' sockets: the public view only."""
    return f"table-{table_id}-public"


def broadcast(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Send every (group, payload) pair in one trip to the layer; a lost one is healed by sync."""
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("CHANNEL_LAYERS is not configured")

    async def send_all() -> None:
        await asyncio.gather(
            *(layer.group_send(group, {"type": HANDLER, "payload": p}) for group, p in messages)
        )

    async_to_sync(send_all)()
