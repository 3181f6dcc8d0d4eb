"""Push a message to every open browser tab of one user, from any synchronous code (tasks),
and have every socket a user opened signed in check its sign-in again."""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import logout
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils import translation
from django.utils.translation import gettext
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


def user_group(user_id: int) -> str:
    """Name the channel-layer group that holds one user's notification sockets."""
    return f"user-{user_id}"


# Topics a signed-in socket may follow: pages that change (a tournament's: `tournament-42`).
TOPIC = re.compile(r"(?P<kind>[a-z]+)-(?P<id>[0-9]{1,18})")
# Who may follow a kind of topic, said by the app that owns it (tournaments registers its own
# when it starts): (object id, user) -> whether the user may see that page. No guard, no topic.
TOPIC_GUARDS: dict[str, Callable[[int, Any], bool]] = {}


def topic_may_follow(topic: object, user: Any) -> bool:
    """Whether this user's socket may follow the topic: one the owner says they may see."""
    match = TOPIC.fullmatch(topic) if isinstance(topic, str) else None
    guard = TOPIC_GUARDS.get(match["kind"]) if match else None
    return match is not None and guard is not None and guard(int(match["id"]), user)


# Notices that stand while what they say holds, said by the app that owns them (tournaments
# registers "your table is ready" when it starts): user -> payloads. Each socket hears them as
# it opens, so a page that was loading or reconnecting when one was sent does not miss it.
STANDING_NOTICES: list[Callable[[Any], list[dict[str, Any]]]] = []


def standing_notices(user: Any) -> list[dict[str, Any]]:
    """The notices that stand for this user now."""
    return [payload for source in STANDING_NOTICES for payload in source(user)]


def user_notify(*, user_id: int, payload: dict[str, Any]) -> None:
    """Send a JSON payload to the user's sockets; users with none open simply miss it."""
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("CHANNEL_LAYERS is not configured")
    async_to_sync(layer.group_send)(user_group(user_id), {"type": "notify", "payload": payload})


def in_language(payload: dict[str, Any], language: str) -> dict[str, Any]:
    """A payload's `texts` ({field: [message id, values]}) as fields in `language`: a notice is
    written where the receiver's socket knows its language, not in the task that sent it."""
    texts = payload.get("texts")
    if not isinstance(texts, dict):
        return payload
    shown = {key: value for key, value in payload.items() if key != "texts"}
    with translation.override(language):
        for field, (message, values) in texts.items():
            shown[field] = gettext(message) % values if values else gettext(message)
    return shown


def account_sockets_group(user_id: int) -> str:
    """The channel-layer group of every socket a user opened signed in."""
    return f"account-sockets-{user_id}"


def session_digest(session_key: str) -> str:
    """A session key as it may travel through the channel layer: not usable as a cookie."""
    return hashlib.sha256(session_key.encode()).hexdigest()


def sign_out(request: HttpRequest) -> None:
    """Django's logout, then the ended session's sockets close: not before it is gone, for a
    table's page reloads at once and must find it signed out."""
    user, session_key = request.user, request.session.session_key
    logout(request)
    if user.is_authenticated and session_key:
        recheck_sockets(user.pk, ended_session=session_digest(session_key))


# Where a session keeps the accounts whose sockets check their sign-in at its next request.
RECHECK_AT_NEXT_REQUEST = "_recheck_sockets"


def recheck_sockets_at_next_request(request: HttpRequest, user_id: int) -> None:
    """Have the user's sockets check their sign-in at this browser's next request (the
    redirect this response sends it on): a sign-in that gives the browser a new session key
    closes its sockets, and its pages, opening theirs again at once, would race the response
    that brings the new cookie; by the next request the browser holds it."""
    pending = request.session.get(RECHECK_AT_NEXT_REQUEST, [])
    request.session[RECHECK_AT_NEXT_REQUEST] = [*pending, user_id]


class RecheckSocketsMiddleware:
    """Sends the rechecks a session's last response left for its next request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if settings.SESSION_COOKIE_NAME in request.COOKIES:
            for user_id in request.session.pop(RECHECK_AT_NEXT_REQUEST, []):
                recheck_sockets(user_id)
        return self.get_response(request)


def recheck_sockets(user_id: int, *, ended_session: str | None = None) -> None:
    """Have each of the user's sockets check its sign-in again (call it once the change is
    committed). The sign-out or change itself goes ahead whatever the channel layer does."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "account.changed", "ended_session": ended_session}
    try:
        async_to_sync(layer.group_send)(account_sockets_group(user_id), message)
    except (RedisError, OSError):
        logger.warning("could not ask user %s's sockets to check their sign-in", user_id)
