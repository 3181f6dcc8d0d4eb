"""Each bad message gets an `error` with a clear text; the state is unchanged, the socket open."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from accounts.models import User
from games.models import Match, Table
from games.services import table_act
from tests.games.factories import people_table, person, stack_hand
from tests.games.sockets import open_table_socket, recv_json
from tests.helpers import Server

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

# Bela, dealer 0: seat 1 names hearts and leads the ace of clubs; seat 2 holds clubs.
HANDS = [
    "7c 8c 9c 7d 8d 9d 7h 8h",
    "Ac Kc Qc Ad Kd Ah Kh Qh",
    "Jc Tc Jd Td Qd Jh Th 9h",
    "As Ks Qs Js Ts 9s 8s 7s",
]


@dataclass
class Scene:
    """A table where seat 2 must follow the ace of clubs, and its four people."""

    table: Table
    users: list[User]
    server: Server

    def state(self) -> tuple[int, Any]:
        """The version and the stored engine state, to prove nothing changed."""
        self.table.refresh_from_db()
        return self.table.version, Match.objects.get(table=self.table).engine

    def socket(self, user: User) -> ClientConnection:
        return open_table_socket(self.server, self.table.pk, user=user)


@pytest.fixture
def scene(asgi_server: Server) -> Scene:
    table, users = people_table("bela")
    stack_hand(table, HANDS, dealer=0)
    table_act(table_id=table.pk, user=users[1], action={"bid": "hearts"}, version=None)
    table_act(table_id=table.pk, user=users[1], action={"play": "Ac"}, version=None)
    return Scene(table, users, asgi_server)


@pytest.fixture
def seat2(scene: Scene) -> Iterator[ClientConnection]:
    """Seat 2's socket, its snapshot read: it is seat 2's turn."""
    with scene.socket(scene.users[2]) as socket:
        snapshot = recv_json(socket)
        assert snapshot["type"] == "snapshot" and snapshot["view"]["to_act"] == 2
        yield socket


def refused(socket: ClientConnection, frame: str | dict[str, Any]) -> dict[str, Any]:
    """Send a frame, return the error it earns, and prove the socket still answers."""
    socket.send(frame if isinstance(frame, str) else json.dumps(frame))
    reply = recv_json(socket)
    assert reply["type"] == "error", reply
    socket.send(json.dumps({"type": "ping"}))
    assert recv_json(socket) == {"type": "pong"}
    return reply


def act(card: str, version: int, **extra: Any) -> dict[str, Any]:
    return {"type": "act", "action": {"play": card, **extra}, "version": version, "client_seq": 7}


def test_malformed_json_is_refused(scene: Scene, seat2: ClientConnection) -> None:
    before = scene.state()
    reply = refused(seat2, "{not json")
    assert reply["code"] == "malformed_json"
    assert "JSON" in reply["message"]
    assert scene.state() == before


def test_a_deeply_nested_frame_is_refused_and_the_socket_stays_open(
    scene: Scene, seat2: ClientConnection
) -> None:
    before = scene.state()
    reply = refused(seat2, "[" * 1000 + "]" * 1000)
    assert reply["code"] == "malformed_json"
    assert "32 levels" in reply["message"]
    reply = refused(seat2, '{"type": "act", "action": ' + "{" * 200 + "}" * 200 + "}")
    assert reply["code"] == "malformed_json"
    assert scene.state() == before


def test_an_oversize_frame_is_refused_and_the_socket_stays_open(
    scene: Scene, seat2: ClientConnection
) -> None:
    before = scene.state()
    reply = refused(seat2, json.dumps({"type": "chat", "text": "x" * 100_000}))
    assert reply["code"] == "too_large"
    assert scene.state() == before


def test_a_frame_over_the_servers_limit_closes_only_that_socket(scene: Scene) -> None:
    with scene.socket(scene.users[2]) as socket:
        recv_json(socket)
        socket.send("x" * (1024 * 1024 + 1))
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with scene.socket(scene.users[2]) as again:
        assert recv_json(again)["type"] == "snapshot"


def test_a_chat_line_of_control_and_format_characters_is_refused(
    scene: Scene, seat2: ClientConnection
) -> None:
    reply = refused(seat2, {"type": "chat", "text": "\u0000\u202e\u200b", "client_seq": 4})
    assert (reply["code"], reply["client_seq"]) == ("invalid", 4)


def test_a_socket_path_with_no_route_is_closed_as_not_found(scene: Scene) -> None:
    for path in ("/ws/tables/abc/", "/ws/nowhere/", "/ws/tables/99999999999999999999999/"):
        with connect(f"{scene.server.ws_url}{path}", origin=scene.server.url) as socket:
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404, path


def test_an_unknown_message_type_is_refused(scene: Scene, seat2: ClientConnection) -> None:
    before = scene.state()
    reply = refused(seat2, {"type": "shout", "client_seq": 3})
    assert reply == {
        "type": "error",
        "code": "unknown_type",
        "message": "Message types are act, sync, chat, back and ping.",
        "client_seq": 3,
    }
    assert scene.state() == before


def test_an_unreadable_action_is_refused(scene: Scene, seat2: ClientConnection) -> None:
    before = scene.state()
    reply = refused(seat2, act("Zz", before[0]))
    assert reply["code"] == "malformed"
    assert scene.state() == before


def test_an_illegal_card_is_refused_with_the_rule(scene: Scene, seat2: ClientConnection) -> None:
    before = scene.state()
    reply = refused(seat2, act("Jd", before[0]))
    assert reply["code"] == "illegal_play"
    assert reply["message"] == "You must follow clubs"
    assert reply["client_seq"] == 7
    assert scene.state() == before


def test_a_card_not_in_hand_is_refused(scene: Scene, seat2: ClientConnection) -> None:
    before = scene.state()
    reply = refused(seat2, act("As", before[0]))
    assert reply["code"] == "illegal_play"
    assert reply["message"] == "You do not hold As"
    assert scene.state() == before


def test_acting_out_of_turn_is_refused(scene: Scene) -> None:
    before = scene.state()
    with scene.socket(scene.users[3]) as seat3:
        recv_json(seat3)
        reply = refused(seat3, act("As", before[0]))
    assert reply["code"] == "out_of_turn"
    assert reply["message"] == "It is seat 2's turn"
    assert scene.state() == before


def test_acting_for_someone_elses_seat_is_refused(scene: Scene) -> None:
    before = scene.state()
    with scene.socket(scene.users[3]) as seat3:
        recv_json(seat3)
        reply = refused(seat3, act("Jc", before[0], seat=2))
    assert reply["code"] == "not_your_seat"
    assert scene.state() == before


def test_a_spectator_cannot_act(scene: Scene) -> None:
    before = scene.state()
    with scene.socket(person("onlooker")) as watcher:
        snapshot = recv_json(watcher)
        assert snapshot["seat"] is None and "hand" not in snapshot["view"]
        reply = refused(watcher, act("Jc", before[0]))
    assert reply["code"] == "spectator"
    assert reply["message"] == "You are watching this table, not playing at it."
    assert scene.state() == before


def test_a_spectator_cannot_say_they_are_back(scene: Scene) -> None:
    before = scene.state()
    with scene.socket(person("onlooker")) as watcher:
        recv_json(watcher)
        reply = refused(watcher, {"type": "back", "client_seq": 4})
    assert (reply["code"], reply["client_seq"]) == ("spectator", 4)
    assert scene.state() == before


def test_a_stale_version_is_refused(scene: Scene, seat2: ClientConnection) -> None:
    before = scene.state()
    reply = refused(seat2, act("Jc", before[0] - 1))
    assert reply["code"] == "stale_version"
    assert f"version {before[0]}" in reply["message"]
    assert scene.state() == before


def test_the_same_socket_then_plays_a_legal_card(scene: Scene, seat2: ClientConnection) -> None:
    version = scene.state()[0]
    refused(seat2, act("Jd", version))
    seat2.send(json.dumps(act("Jc", version)))
    reply = recv_json(seat2)
    assert reply["type"] == "event" and reply["version"] == version + 1
    assert reply["event"] == {"kind": "play", "hand": 1, "seat": 2, "play": "Jc", "actor": "person"}
    assert "Jc" not in reply["view"]["hand"]
