"""WebSocket routes, one consumer per endpoint."""

from __future__ import annotations

from django.urls import path

from accounts.consumers import NotificationConsumer
from games.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/notifications/", NotificationConsumer.as_asgi()),
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
]
