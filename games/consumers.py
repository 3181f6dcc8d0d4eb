"""WebSocket endpoint of a live table: each message becomes one service call.

The messages both ways, their fields, the error and close codes: docs/protocol.md (kept true
by tests/docs/test_protocol_doc.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any, cast

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.utils import translation

from accounts.authentication import CLOSE_NOT_SIGNED_IN, SignedInSocket, token_user
from config.errors import ServiceError
from config.json_input import JsonInputError, json_loads
from config.language import language_of_scope
from games import presence, queries, services
from games.broadcast import HANDLER, LATEST, public_group, seat_group
from games.models import Seat, Table
from games.sequencer import EventSequencer
from games.watching import watch_refusal

# Close codes (4000-4999 are free for applications): no such table; a duplicate round's player
# at another of its tables (and accounts.authentication.CLOSE_NOT_SIGNED_IN).
CLOSE_NOT_FOUND = 4404
CLOSE_WATCH_REFUSED = 4403
# Seconds an early event waits for the one before it before the gap counts as a lost message.
GAP_GRACE = 2.0
# Longest text frame read (characters): a chat line or an action is far shorter.
MAX_FRAME_CHARS = 16 * 1024


def _token_key(scope: Mapping[str, Any]) -> str | None:
    """The key of an `Authorization: Token <key>` header (API clients), None without one.

    Browsers cannot set headers on a WebSocket; they come with their session cookie instead.
    """
    headers = dict(scope.get("headers", []))
    scheme, _, key = headers.get(b"authorization", b"").decode("latin-1").partition(" ")
    return key.strip() if scheme.lower() == "token" and key.strip() else None


def _seat_number(table_id: int, user: Any) -> int | None | bool:
    """The viewer's seat, None for a spectator, False when the table does not exist."""
    if not Table.objects.filter(pk=table_id).exists():
        return False
    if user is None or not user.is_authenticated:
        return None
    seat = Seat.objects.filter(table_id=table_id, user=user).first()
    if seat is None:
        return None
    presence.seat_arrived(table_id=table_id, user_id=user.pk)
    presence.seat_here(table_id=table_id, user_id=user.pk)
    services.table_seat_resume(table_id=table_id, user=user)
    return seat.number


def _refusal(table_id: int, user: Any) -> str | None:
    """Why this viewer may not watch the table, if they may not."""
    table = Table.objects.filter(pk=table_id).first()
    return watch_refusal(table=table, user=user) if table is not None else None


class TableConsumer(SignedInSocket):
    """Players get their seat's view, spectators the public one; errors never close it."""

    group: str | None = None
    table_id: int = 0
    # The seated player's id: their socket says they are at the table while it is open.
    seated_user_id: int | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sequencer = EventSequencer()
        # Held while a snapshot or events go out, so the two never interleave.
        self.sending = asyncio.Lock()
        self.gap_healer: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        """Join the seat's group (resuming it from a bot) or the spectators', then snapshot."""
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        token_key = _token_key(self.scope)
        if token_key is not None:
            by_token = await database_sync_to_async(token_user)(token_key)
            if by_token is None:
                await self.accept()
                await self.close(code=CLOSE_NOT_SIGNED_IN)
                return
            self.scope["user"] = cast(Any, by_token)  # Channels types it as its lazy user
        seat = await database_sync_to_async(_seat_number)(self.table_id, self.scope.get("user"))
        if seat is False:
            await self.accept()
            await self.close(code=CLOSE_NOT_FOUND)
            return
        watching = seat is None
        refusal = await database_sync_to_async(_refusal)(self.table_id, self.scope.get("user"))
        if watching and refusal is not None:
            await self.accept()
            await self._refuse(ServiceError("watch_refused", refusal), None)
            await self.close(code=CLOSE_WATCH_REFUSED)
            return
        self.group = (
            public_group(self.table_id) if seat is None else seat_group(self.table_id, seat)
        )
        user = self.scope.get("user")
        if seat is not None and user is not None:
            self.seated_user_id = user.pk
        if user is not None and user.is_authenticated:
            await self.watch_sign_in(user, token_key)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._snapshot()

    async def disconnect(self, code: int) -> None:
        """Leave the group so the layer stops queueing messages for this socket."""
        if self.gap_healer is not None:
            self.gap_healer.cancel()
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.seated_user_id is not None:
            await sync_to_async(presence.seat_left)(
                table_id=self.table_id, user_id=self.seated_user_id
            )
        await super().disconnect(code)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Decode a JSON text frame; anything else gets an error, never a dropped socket."""
        if text_data is not None and len(text_data) > MAX_FRAME_CHARS:
            too_large = ServiceError(
                "too_large",
                "Messages are at most %(limit)s characters.",
                values={"limit": MAX_FRAME_CHARS},
            )
            await self._refuse(too_large, None)
            return
        try:
            content = json_loads(text_data) if text_data is not None else None
        except JsonInputError as error:
            unreadable = ServiceError(
                "malformed_json", "Send JSON objects as text. %(reason)s", values={"reason": error}
            )
            await self._refuse(unreadable, None)
            return
        if not isinstance(content, dict):
            await self._refuse(ServiceError("malformed_json", "Send JSON objects as text."), None)
            return
        await self.receive_json(content, **kwargs)

    async def receive_json(self, content: dict[str, Any], **kwargs: Any) -> None:
        """Dispatch act, sync, chat, back and ping; anything else is refused."""
        kind = content.get("type")
        client_seq = content.get("client_seq")
        if kind == "ping":
            # The layer forgets a group member after a day; a pinging socket stays a member.
            if self.group is not None:
                await self.channel_layer.group_add(self.group, self.channel_name)
            if self.seated_user_id is not None:
                await sync_to_async(presence.seat_here)(
                    table_id=self.table_id, user_id=self.seated_user_id
                )
            await self.send_json({"type": "pong"})
        elif kind == "sync":
            await self._snapshot()
        elif kind == "act":
            await self._call(
                services.table_act,
                client_seq,
                user=self.scope.get("user"),
                action=content.get("action") if isinstance(content.get("action"), dict) else {},
                version=content.get("version"),
            )
        elif kind == "chat":
            user = self.scope.get("user")
            await self._call(services.chat_post, client_seq, user=user, text=content.get("text"))
        elif kind == "back":
            user = self.scope.get("user")
            await self._call(services.table_seat_back, client_seq, user=user)
        else:
            await self._refuse(
                ServiceError("unknown_type", "Message types are act, sync, chat, back and ping."),
                client_seq,
            )

    async def _call(self, service: Any, client_seq: Any, **kwargs: Any) -> None:
        """Run one service; its refusal becomes an `error` for this socket only."""
        try:
            await database_sync_to_async(service)(table_id=self.table_id, **kwargs)
        except ServiceError as error:
            await self._refuse(error, client_seq)

    async def _snapshot(self) -> None:
        """Send a fresh snapshot; events it already shows will not be sent after it."""
        async with self.sending:
            await self._send_snapshot()

    async def _send_snapshot(self) -> None:
        snapshot = await database_sync_to_async(queries.table_snapshot)(
            table_id=self.table_id, user=self.scope.get("user")
        )
        self.sequencer.snapshot_sent(snapshot["version"])
        await self.send_json(snapshot)
        for event in self.sequencer.due():
            await self.send_json(event)

    async def _refuse(self, error: ServiceError, client_seq: Any) -> None:
        """An `error` in this socket's viewer's language, whichever was active where it rose."""
        with translation.override(language_of_scope(self.scope)):
            message = error.message
        await self.send_json(
            {"type": "error", "code": error.code, "message": message, "client_seq": client_seq}
        )

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Forward broadcasts straight away: Channels would first hop to its one database
        thread for a connection clean-up, per message and socket, though forwarding reads
        nothing (a snapshot's read cleans up for itself)."""
        if message["type"] == HANDLER:
            await self.table_message(message)
        else:
            await super().dispatch(message)

    async def table_message(self, message: dict[str, Any]) -> None:
        """Forward what a service broadcast after its commit; events in version order."""
        async with self.sending:
            for payload in message["payloads"]:
                await self._forward(payload)
        if self.sequencer.waiting and self.gap_healer is None:
            self.gap_healer = asyncio.ensure_future(self._heal_gap())

    async def _forward(self, payload: dict[str, Any]) -> None:
        if payload.get("type") == "snapshot":
            self.sequencer.snapshot_sent(payload["version"])
            await self.send_json(payload)
        elif payload.get("type") == "event":
            for due in self.sequencer.arrived(payload):
                await self.send_json(due)
        elif payload.get("type") == LATEST:
            # For the sequencer only: a socket behind this version missed a broadcast.
            self.sequencer.reached(payload["version"])
        else:
            await self.send_json(payload)

    async def _heal_gap(self) -> None:
        """An event still missing after the grace was lost: a snapshot replaces it."""
        try:
            while self.sequencer.waiting:
                await asyncio.sleep(GAP_GRACE)
                async with self.sending:
                    if self.sequencer.waiting:
                        await self._send_snapshot()
        finally:
            self.gap_healer = None
