"""Push a message to every open browser tab of one user, from any synchronous code (tasks)."""

from __future__ import annotations

import re
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def user_group(user_id: int) -> str:
    """Name the channel-layer group that holds one user's notification sockets."""
    return f"user-{user_id}"


# Topics any signed-in socket may follow: public pages that change (a tournament's).
PUBLIC_TOPIC = re.compile(r"tournament-[0-9]{1,18}")


def is_public_topic(topic: object) -> bool:
    """Whether a socket may follow this topic."""
    return isinstance(topic, str) and PUBLIC_TOPIC.fullmatch(topic) is not None


def user_notify(*, user_id: int, payload: dict[str, Any]) -> None:
    """Send a JSON payload to the user's sockets; users with none open simply miss it."""
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("CHANNEL_LAYERS is not configured")
    async_to_sync(layer.group_send)(user_group(user_id), {"type": "notify", "payload": payload})
