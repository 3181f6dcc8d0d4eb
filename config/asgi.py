"""ASGI entry point: Django for HTTP, Channels consumers for WebSockets (origin-checked;
token clients may omit the Origin header)."""

from __future__ import annotations

import os

from channels.auth import AuthMiddlewareStack
from channels.routing import ProtocolTypeRouter, URLRouter
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Set Django up before the consumers are imported: they import models.
django_asgi_app = get_asgi_application()

from config.origins import OriginOrTokenValidator  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": OriginOrTokenValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
