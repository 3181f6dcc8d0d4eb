"""Arbitrary frames to a real table socket: each gets its answer, the socket stays open and
answering (an exception escaping the consumer would close it), and the table never changes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection

from games.models import Match, Table
from games.services import table_act
from tests.games.factories import people_table, stack_hand
from tests.games.sockets import open_table_socket, recv_json
from tests.helpers import Server

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# Bela, dealer 0: seat 1 names hearts and leads the ace of clubs; it is seat 2's turn, so
# whatever seat 3 sends is refused (out of turn at best) and the table cannot move.
HANDS = [
    "7c 8c 9c 7d 8d 9d 7h 8h",
    "Ac Kc Qc Ad Kd Ah Kh Qh",
    "Jc Tc Jd Td Qd Jh Th 9h",
    "As Ks Qs Js Ts 9s 8s 7s",
]
# Messages a frame may earn besides `error`: sync a snapshot, chat a chat line, ping a pong.
ANSWERS = {"sync": "snapshot", "chat": "chat", "ping": "pong"}

LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["Js", "7s", "hearts", "pass", "act", "chat", "sync", "ping"])
)
JSON = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)
MESSAGES = st.fixed_dictionaries(
    {"type": st.sampled_from(["act", "chat", "sync", "ping", "shout", ""]) | JSON},
    optional={"action": JSON, "version": JSON, "client_seq": JSON, "text": JSON},
)
PLAYS = st.fixed_dictionaries(
    {
        "type": st.just("act"),
        "action": st.fixed_dictionaries(
            {"play": st.sampled_from(["As", "7s", "Jc", "10s", "zz"]) | JSON},
            optional={"declare": JSON, "belot": JSON, "bid": JSON, "seat": JSON},
        ),
    },
    optional={"version": JSON, "client_seq": JSON},
)
UNICODE = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200)
FRAMES = (
    MESSAGES.map(json.dumps)
    | PLAYS.map(json.dumps)
    | JSON.map(json.dumps)
    | UNICODE
    | st.binary(max_size=300)
    | st.integers(1, 5000).map(lambda depth: "[" * depth + "]" * depth)
    | st.integers(1, 3000).map(
        lambda depth: '{"type": "act", "action": ' * depth + "1" + "}" * depth
    )
    | st.integers(16_000, 200_000).map(
        lambda size: json.dumps({"type": "chat", "text": "x" * size})
    )
    | st.integers(1, 100_000).map(lambda size: "\u202e\u200b" * size)
)


@pytest.fixture
def table(asgi_server: Server) -> Iterator[tuple[Table, ClientConnection]]:
    """The table, and seat 3's socket with its snapshot read."""
    table, users = people_table("bela")
    stack_hand(table, HANDS, dealer=0)
    table_act(table_id=table.pk, user=users[1], action={"bid": "hearts"}, version=None)
    table_act(table_id=table.pk, user=users[1], action={"play": "Ac"}, version=None)
    with open_table_socket(asgi_server, table.pk, user=users[3]) as socket:
        assert recv_json(socket)["type"] == "snapshot"
        yield table, socket


def state(table: Table) -> tuple[int, Any]:
    table.refresh_from_db()
    return table.version, Match.objects.get(table=table).engine


def not_json(constant: str) -> None:
    """Python reads NaN and Infinity; JSON has no such values, and the server refuses them."""
    raise ValueError(f"{constant} is not a JSON value")


def expected_answer(frame: str | bytes) -> str:
    """What the frame should earn: `error`, unless it is a well-formed sync, chat or ping."""
    if isinstance(frame, bytes):
        return "error"
    try:
        message = json.loads(frame, parse_constant=not_json)
    except (ValueError, RecursionError):
        return "error"
    kind = message.get("type") if isinstance(message, dict) else None
    return ANSWERS.get(kind, "error") if isinstance(kind, str) else "error"


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(frame=FRAMES)
def test_any_frame_is_answered_and_changes_nothing(
    table: tuple[Table, ClientConnection], frame: str | bytes
) -> None:
    row, socket = table
    before = state(row)
    socket.send(frame)
    socket.send(json.dumps({"type": "ping"}))
    expected = expected_answer(frame)
    answers = []
    pongs_due = 2 if expected == "pong" else 1
    while pongs_due:
        message = recv_json(socket)
        pongs_due -= message["type"] == "pong"
        if pongs_due:
            answers.append(message)
    if expected == "chat" and not answers:
        # A chat line goes out through the channel layer: it may come after the direct pong.
        answers.append(recv_json(socket))
    kinds = [answer["type"] for answer in answers]
    if expected == "chat":
        # A chat line comes back to its sender, or is refused (empty, too long, too fast).
        assert kinds in (["chat"], ["error"]), kinds
    else:
        assert kinds == [expected], (frame, answers)
    for answer in answers:
        if answer["type"] == "error":
            assert answer["code"] and answer["message"]
            assert "Traceback" not in answer["message"]
    assert state(row) == before
