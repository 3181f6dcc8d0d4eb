"""WebSocket routes, one consumer per endpoint; any other path is closed as not found."""

from __future__ import annotations

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path, re_path

from accounts.consumers import NotificationConsumer
from games.consumers import CLOSE_NOT_FOUND, TableConsumer
from tournaments.consumers import TournamentConsumer


class NoSuchEndpointConsumer(AsyncWebsocketConsumer):
    """A path no route matches (`/ws/tables/abc/`): closed with 4404, as a missing table is.

    Without it Channels' router raises at the handshake, which the server answers with 500.
    """

    async def connect(self) -> None:
        """Accept only to say why, then close."""
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)


websocket_urlpatterns = [
    path("ws/notifications/", NotificationConsumer.as_asgi()),
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
    re_path(r"", NoSuchEndpointConsumer.as_asgi()),
]
