"""The WebSocket origin check, which API clients with a token may pass without an Origin.

A browser's handshake must come from this site: its Origin is the scheme, host and port the
socket was asked for (as Django's CSRF check wants of a form), or one of CSRF_TRUSTED_ORIGINS.
Channels' own check compares the host alone, so `http://localhost:1` passed for a site on
port 8000.

Browsers always send Origin on a WebSocket handshake and cannot add an Authorization header to
one, so a handshake with a token and no Origin comes from a script, not from a page another
site serves; the cookie-borne session, which cross-site hijacking abuses, is not used for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

if TYPE_CHECKING:
    # The scope as Channels' stubs type it (a class of the stubs only).
    from channels.consumer import _ChannelScope


def _header(scope: _ChannelScope, name: bytes) -> bytes | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value
    return None


def _is_token_client(scope: _ChannelScope) -> bool:
    """A handshake with `Authorization: Token ...` and no Origin header."""
    if _header(scope, b"origin") is not None:
        return False
    authorization = _header(scope, b"authorization") or b""
    return authorization[:6].lower() == b"token "


def _drop_cookies(scope: _ChannelScope) -> _ChannelScope:
    """The scope without cookies, so only the token can authenticate the client."""
    headers = [(k, v) for k, v in scope.get("headers", []) if k.lower() != b"cookie"]
    return {**scope, "headers": headers}


def _is_same_origin(scope: _ChannelScope) -> bool:
    """The Origin is this site: the socket's own scheme, allowed host and port, or trusted."""
    origin = (_header(scope, b"origin") or b"").decode("latin-1").lower()
    host = (_header(scope, b"host") or b"").decode("latin-1").lower()
    domain, _ = split_domain_port(host)
    if not origin or not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    if origin in {trusted.lower() for trusted in settings.CSRF_TRUSTED_ORIGINS}:
        return True
    # uvicorn sets "wss" behind a TLS proxy from X-Forwarded-Proto (FORWARDED_ALLOW_IPS).
    scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
    return origin == f"{scheme}://{host}"


class OriginOrTokenValidator:
    """Same-origin browsers, and token clients without an Origin; anyone else is denied."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: _ChannelScope, receive: Any, send: Any) -> Any:
        if _is_token_client(scope):
            return await self.application(_drop_cookies(scope), receive, send)
        if scope.get("type") == "websocket" and not _is_same_origin(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
