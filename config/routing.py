"""WebSocket routes, one consumer per endpoint."""

from __future__ import annotations

from django.urls import path

from accounts.consumers import NotificationConsumer

websocket_urlpatterns = [
    path("ws/notifications/", NotificationConsumer.as_asgi()),
]
