"""A tournament's public socket: anyone who may see the event's page (signed out too) hears
when it changes, and the page fetches its live part again.

It carries only what the group hears (`tournaments.live.tournament_changed`: the event's id
and status, both on the public page), never a player's notice or a table's cards.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext

from accounts.notifications import in_language
from config.errors import ServiceError
from config.json_input import JsonInputError, json_loads
from config.language import language_of_scope
from tournaments.live import tournament_group
from tournaments.queries import tournament_visible

# Close code for "no such tournament" (a draft is none to anyone but its organizer and staff).
CLOSE_NOT_FOUND = 4404


class TournamentConsumer(AsyncJsonWebsocketConsumer):
    """Joins one tournament's group and forwards what it hears."""

    group: str | None = None

    async def connect(self) -> None:
        """Accept anyone who may see the event; others learn why from the close code."""
        tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        try:
            await database_sync_to_async(tournament_visible)(
                tournament_id=tournament_id, viewer=self.scope.get("user")
            )
        except ServiceError:
            await self.accept()
            await self.close(code=CLOSE_NOT_FOUND)
            return
        # In the group before the handshake ends: once open, no change is missed.
        self.group = tournament_group(tournament_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        """Leave the group so the layer stops queueing messages for this socket."""
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Answer a ping (a client tells a live socket from a dead one); nothing else is
        understood, and the socket stays open."""
        try:
            content = json_loads(text_data) if text_data is not None else None
        except JsonInputError:
            content = None
        if isinstance(content, dict) and content.get("type") == "ping":
            # The layer forgets a group member after a day; a pinging socket stays a member.
            if self.group is not None:
                await self.channel_layer.group_add(self.group, self.channel_name)
            await self.send_json({"type": "pong"})
            return
        with translation.override(language_of_scope(self.scope)):
            message = gettext("Only ping is understood here.")
        await self.send_json({"type": "error", "message": message})

    async def notify(self, event: dict[str, Any]) -> None:
        """Forward the group's message to the socket."""
        await self.send_json(in_language(event["payload"], language_of_scope(self.scope)))
