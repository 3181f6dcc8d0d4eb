"""A WebSocket client for table tests: signed-in sockets, one reader thread each, leak checks."""

from __future__ import annotations

import json
import queue
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import redis
from django.conf import settings
from django.test import Client
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from accounts.models import User
from games.models import Table, TableEvent
from tests.helpers import Server

CARD_RANKS = set("789TJQKA")
CARD_SUITS = set("cdhs")


def session_cookie(user: User) -> str:
    """Sign the user in and return the session cookie header value."""
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def open_table_socket(
    server: Server, table_id: int, *, user: User | None = None, origin: str | None = None
) -> ClientConnection:
    """Connect to a table as a browser would (signed in when a user is given)."""
    headers = {"Cookie": session_cookie(user)} if user is not None else {}
    return connect(
        f"{server.ws_url}/ws/tables/{table_id}/",
        origin=origin or server.url,
        additional_headers=headers,
        open_timeout=10,
    )


@dataclass
class Listener:
    """A socket whose messages a thread reads into one shared queue, tagged with a name."""

    name: str
    socket: ClientConnection
    inbox: queue.Queue[tuple[str, dict[str, Any]]]
    received: list[dict[str, Any]] = field(default_factory=list)
    # Why the socket closed, once it has (the server's close, or an abnormal one).
    closed: ConnectionClosed | None = None

    def start(self) -> None:
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for raw in self.socket:
                message = json.loads(raw)
                self.received.append(message)
                self.inbox.put((self.name, message))
        except ConnectionClosed as closed:
            self.closed = closed
            return
        self.closed = ConnectionClosed(self.socket.protocol.close_rcvd, None)

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))


def recv_json(socket: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    """The next message on a socket, decoded."""
    return json.loads(socket.recv(timeout=timeout))


def choices(view: dict[str, Any]) -> list[str]:
    """The moves a seat's view leaves its person to choose: its legal ones, but never the last
    card, which plays itself (a client sending it would race the server playing it)."""
    if view.get("phase") == "playing" and len(view.get("hand") or []) == 1:
        return []
    return list(view.get("legal") or [])


def card_codes(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string in a message that is a card code, with the path it sits at."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from card_codes(item, f"{path}.{key}")
    elif isinstance(value, list):
        for item in value:
            yield from card_codes(item, f"{path}[]")
    elif (
        isinstance(value, str)
        and len(value) == 2
        and value[0] in CARD_RANKS
        and value[1] in CARD_SUITS
    ):
        yield path, value


# Where a card may be named to anyone: played cards and announced declarations
# (docs/rules.md#what-others-see).
PUBLIC_CARD_PATHS = {
    ".view.tricks[].cards[]",
    ".view.declarations[].cards[]",
    ".view.declarations[].top",
    # French Belote: the card turned up for the auction.
    ".view.turned",
    ".event.play",
}
# A seat's own cards, on its turn the ones it may play, and at its first card the
# declarations among them that the card would announce.
OWN_CARD_PATHS = {".view.hand[]", ".view.legal[]", ".view.first_card.declarations[].cards[]"}


# Where a deal's commitment (64 hex digits, like a seed) belongs: the snapshot and the deal event.
COMMITMENT_PATHS = {".deal.commitment", ".event.deal.commitment"}


def _without_commitments(value: Any, path: str = "") -> Any:
    """The message with the commitments at their own paths left out, for the seed scan."""
    if isinstance(value, dict):
        return {
            key: _without_commitments(item, f"{path}.{key}")
            for key, item in value.items()
            if f"{path}.{key}" not in COMMITMENT_PATHS
        }
    if isinstance(value, list):
        return [_without_commitments(item, f"{path}[]") for item in value]
    return value


def leaks(message: dict[str, Any], *, seat: int | None) -> list[str]:
    """Card codes a viewer received where only another seat's hidden cards could be."""
    allowed = PUBLIC_CARD_PATHS | (OWN_CARD_PATHS if seat is not None else set())
    found = [f"{path}={code}" for path, code in card_codes(message) if path not in allowed]
    text = json.dumps(message)
    if "deck" in text:
        found.append("the deck")
    # No deal seed (64 hex digits: games.deal_seeds) is ever sent on a table's socket; the
    # only such string allowed is the deal's commitment, where it belongs.
    scanned = json.dumps(_without_commitments(message))
    if re.search(r"\b[0-9a-f]{64}\b", scanned) or '"seed"' in text:
        found.append("a deal seed")
    view = message.get("view") or {}
    if seat is None and ("hand" in view or view.get("legal")):
        found.append("a spectator got a hand")
    first_trick_done = any(t["winner"] is not None for t in view.get("tricks", []))
    for item in view.get("declarations", []):
        # docs/rules.md#what-others-see: cards of a scoring declaration show once the first
        # trick is complete; a belot's when announced; an unscored one's never.
        shown = item["kind"] == "belot" or (first_trick_done and item["scored"])
        if "cards" in item and not shown:
            found.append(f"cards of seat {item['seat']}'s {item['kind']}")
    if seat is not None and view and view.get("seat") != seat:
        found.append(f"seat {seat} got the view of seat {view.get('seat')}")
    return found


def events_in_order(
    name: str, messages: list[dict[str, Any]], table: Table, *, heals: bool = False
) -> int:
    """From its snapshot on, a socket got each version once, in order, as the log has it.

    With `heals`, a later snapshot may stand in for events that were never sent (a process
    killed between its commit and its broadcast), never one older than what the socket has.
    Returns how many events it got; fails naming the socket and the first version amiss.
    """
    assert messages and messages[0]["type"] == "snapshot", name
    logged = dict(
        TableEvent.objects.filter(table=table).values_list("version", "kind").order_by("version")
    )
    expected = messages[0]["version"] + 1
    events = 0
    for message in messages[1:]:
        if message["type"] in ("chat", "pong"):
            continue
        if heals and message["type"] == "snapshot":
            assert message["version"] >= expected - 1, f"{name}: an older snapshot"
            expected = message["version"] + 1
            continue
        assert message["type"] == "event", f"{name}: a {message['type']} amid the events"
        assert message["version"] == expected, f"{name}: got v{message['version']}, not v{expected}"
        assert message["event"]["kind"] == logged[expected], name
        expected += 1
        events += 1
    return events


def age_group_members(redis_url: str, group: str, *, days: float) -> float:
    """Make the channel layer's group `group` look joined `days` ago (channels-redis forgets a
    member after a day) and return when it was joined; the group must have one member."""
    store = redis.Redis.from_url(redis_url)
    group_key = f"asgi:group:{group}"
    [(channel, joined)] = store.zrange(group_key, 0, -1, withscores=True)
    store.zadd(group_key, {channel: joined - days * 86400})
    return joined


def group_joined(redis_url: str, group: str) -> float:
    """When the one member of the channel layer's group `group` joined it (or renewed)."""
    [(_, joined)] = redis.Redis.from_url(redis_url).zrange(
        f"asgi:group:{group}", 0, -1, withscores=True
    )
    return joined
