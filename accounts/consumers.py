"""WebSocket endpoint through which a signed-in user receives notifications."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from accounts.notifications import user_group
from config.json_input import JsonInputError, json_loads

# Close code for "authentication required" (4000-4999 are free for applications).
CLOSE_UNAUTHENTICATED = 4401


class NotificationConsumer(AsyncJsonWebsocketConsumer):
    """Joins the user's group and forwards what user_notify sends."""

    group: str | None = None

    async def connect(self) -> None:
        """Accept signed-in users only; others get a close code a browser script can read."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.accept()
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        """Leave the group so the layer stops queueing messages for this socket."""
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Decode a JSON text frame; anything else gets an error, never a dropped socket."""
        try:
            content = json_loads(text_data) if text_data is not None else None
        except JsonInputError:
            content = None
        if content is None:
            await self.send_json({"type": "error", "message": "Send JSON text messages."})
            return
        await self.receive_json(content, **kwargs)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Answer a ping, so clients can tell a live socket from a dead one."""
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})
            return
        await self.send_json({"type": "error", "message": "Only ping is understood here."})

    async def notify(self, event: dict[str, Any]) -> None:
        """Forward a notification from the layer to the socket."""
        await self.send_json(event["payload"])
