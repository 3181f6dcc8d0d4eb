"""WebSocket endpoint through which a signed-in user receives notifications (messages:
docs/protocol.md)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from accounts.authentication import CLOSE_NOT_SIGNED_IN, SignedInSocket
from accounts.notifications import (
    in_language,
    standing_notices,
    topic_may_follow,
    user_group,
)
from config.json_input import JsonInputError, json_loads
from config.language import language_of_scope


class NotificationConsumer(SignedInSocket):
    """Joins the user's group and forwards what user_notify sends."""

    group: str | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.topics: set[str] = set()

    async def connect(self) -> None:
        """Accept signed-in users only; others get a close code a browser script can read."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.accept()
            await self.close(code=CLOSE_NOT_SIGNED_IN)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.watch_sign_in(user)
        await self.accept()
        for payload in await database_sync_to_async(standing_notices)(user):
            await self.send_json(in_language(payload, language_of_scope(self.scope)))

    async def disconnect(self, code: int) -> None:
        """Leave the groups so the layer stops queueing messages for this socket."""
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        for topic in self.topics:
            await self.channel_layer.group_discard(topic, self.channel_name)
        await super().disconnect(code)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Decode a JSON text frame; anything else gets an error, never a dropped socket."""
        try:
            content = json_loads(text_data) if text_data is not None else None
        except JsonInputError:
            content = None
        if content is None:
            await self._error(gettext_noop("Send JSON text messages."))
            return
        await self.receive_json(content, **kwargs)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Answer a ping, so clients can tell a live socket from a dead one; follow a public
        topic (a page the user may see, such as a tournament's) to receive its changes too."""
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            # The layer forgets a group member after a day; a pinging socket stays a member
            # (a tab left open overnight still hears "your table is ready").
            for group in (self.group, *self.topics):
                if group is not None:
                    await self.channel_layer.group_add(group, self.channel_name)
            await self.send_json({"type": "pong"})
            return
        if kind == "follow":
            topic = content.get("topic")
            user = self.scope.get("user")
            if not await database_sync_to_async(topic_may_follow)(topic, user):
                await self._error(gettext_noop("No such topic."))
                return
            self.topics.add(topic)
            await self.channel_layer.group_add(topic, self.channel_name)
            return
        await self._error(gettext_noop("Only ping and follow are understood here."))

    async def _error(self, message: str) -> None:
        with translation.override(language_of_scope(self.scope)):
            await self.send_json({"type": "error", "message": gettext(message)})

    async def notify(self, event: dict[str, Any]) -> None:
        """Forward a notification from the layer to the socket."""
        await self.send_json(in_language(event["payload"], language_of_scope(self.scope)))
