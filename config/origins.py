"""The WebSocket origin check, which API clients with a token may pass without an Origin.

Browsers always send Origin on a WebSocket handshake and cannot add an Authorization header to
one, so a handshake with a token and no Origin comes from a script, not from a page another
site serves; the cookie-borne session, which cross-site hijacking abuses, is not used for it.
"""

from __future__ import annotations

from typing import Any

from channels.security.websocket import AllowedHostsOriginValidator


def _header(scope: dict[str, Any], name: bytes) -> bytes | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value
    return None


def _is_token_client(scope: dict[str, Any]) -> bool:
    """A handshake with `Authorization: Token ...` and no Origin header."""
    if _header(scope, b"origin") is not None:
        return False
    authorization = _header(scope, b"authorization") or b""
    return authorization[:6].lower() == b"token "


def _drop_cookies(scope: dict[str, Any]) -> dict[str, Any]:
    """The scope without cookies, so only the token can authenticate the client."""
    headers = [(k, v) for k, v in scope.get("headers", []) if k.lower() != b"cookie"]
    return {**scope, "headers": headers}


class OriginOrTokenValidator:
    """Allowed hosts' origins as Channels checks them; token clients without Origin too."""

    def __init__(self, application: Any) -> None:
        self.application = application
        self.checked = AllowedHostsOriginValidator(application)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if _is_token_client(scope):
            return await self.application(_drop_cookies(scope), receive, send)
        return await self.checked(scope, receive, send)
