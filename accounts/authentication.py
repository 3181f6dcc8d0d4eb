"""Who a request or a socket is: API tokens (`Authorization: Token <key>`) against the stored
digests of keys, and sockets that close once the sign-in they opened with ends."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from importlib import import_module
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.contrib import auth
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from accounts.models import ApiToken, User
from accounts.notifications import account_sockets_group, session_digest
from accounts.services import token_digest

# Write last_used_at at most this often, so reading the API does not write on every request.
LAST_USED_PRECISION = timedelta(minutes=1)


class ApiTokenAuthentication(TokenAuthentication):
    """DRF's token scheme, with keys looked up by digest and many named tokens per user."""

    def authenticate_credentials(self, key: str) -> tuple[User, ApiToken]:
        """Find the token of this key; an unknown key or a disabled account is refused."""
        try:
            token = ApiToken.objects.select_related("user").get(digest=token_digest(key))
        except ApiToken.DoesNotExist:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        now = timezone.now()
        stale = Q(last_used_at__isnull=True) | Q(last_used_at__lt=now - LAST_USED_PRECISION)
        ApiToken.objects.filter(stale, pk=token.pk).update(last_used_at=now)
        return token.user, token


def token_user(key: str) -> User | None:
    """The user of an API token key; None for a bad key or a closed account."""
    try:
        return ApiTokenAuthentication().authenticate_credentials(key)[0]
    except exceptions.AuthenticationFailed:
        return None


# Close code of a socket not signed in: at its handshake (a bad token, or none where a sign-in
# is needed), or no longer (signed out, password changed, account closed, token revoked).
# 4000-4999 are free for applications.
CLOSE_NOT_SIGNED_IN = 4401


@dataclass(frozen=True)
class SocketSignIn:
    """How a socket's user signed in, to be checked again when their account changes: a
    socket's user is read once, at its handshake, and would otherwise outlive the sign-in."""

    user_id: int
    session_key: str | None
    token_key: str | None

    def holds(self, ended_session: str | None) -> bool:
        """Whether it still signs the user in: the token is not revoked, or the session is not
        the one that ended and still passes Django's check for pages (a password change ends
        every session but the one that made it, which gets a new key); the account is open."""
        if self.token_key is not None:
            user = token_user(self.token_key)
            return user is not None and user.pk == self.user_id
        if self.session_key is None or session_digest(self.session_key) == ended_session:
            return False
        request = HttpRequest()
        request.session = import_module(settings.SESSION_ENGINE).SessionStore(self.session_key)
        return auth.get_user(request).pk == self.user_id


class SignedInSocket(AsyncJsonWebsocketConsumer):
    """A socket that closes (CLOSE_NOT_SIGNED_IN) when the sign-in it opened with ends: a player
    who signs out on a shared computer leaves no open table that plays or shows cards for
    them, and a changed password or a revoked token stops a socket opened with the old one."""

    sign_in: SocketSignIn | None = None

    async def watch_sign_in(self, user: Any, token_key: str | None = None) -> None:
        """Follow the account of the socket's user, signed in by `token_key` or the session."""
        session = self.scope.get("session")
        session_key = None if token_key is not None else getattr(session, "session_key", None)
        self.sign_in = SocketSignIn(user.pk, session_key, token_key)
        await self.channel_layer.group_add(account_sockets_group(user.pk), self.channel_name)

    async def account_changed(self, message: dict[str, Any]) -> None:
        """Close once the sign-in no longer holds."""
        if self.sign_in is None:
            return
        holds = await database_sync_to_async(self.sign_in.holds)(message.get("ended_session"))
        if not holds:
            await self.close(code=CLOSE_NOT_SIGNED_IN)

    async def disconnect(self, code: int) -> None:
        """Stop following the account."""
        if self.sign_in is not None:
            group = account_sockets_group(self.sign_in.user_id)
            await self.channel_layer.group_discard(group, self.channel_name)
        await super().disconnect(code)
