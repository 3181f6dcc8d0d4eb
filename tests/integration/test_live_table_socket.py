"""Table sockets: API tokens, origins, reconnecting to a held seat, chat, sync."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from accounts.authentication import CLOSE_NOT_SIGNED_IN
from accounts.services import token_create
from games.chat_lines import CHAT_HISTORY
from games.consumers import CLOSE_NOT_FOUND
from games.models import ChatMessage, Seat, Table
from games.services import chat_post, table_leave, table_turn_timeout
from tests.games.factories import people_table, person, seat_to_act
from tests.games.sockets import open_table_socket, recv_json, session_cookie
from tests.helpers import Server

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_an_api_client_plays_its_seat_with_a_token(asgi_server: Server) -> None:
    table, users = people_table("bela")
    _, key = token_create(user=users[1], name="my bot")
    with connect(
        f"{asgi_server.ws_url}/ws/tables/{table.pk}/",
        origin=asgi_server.url,
        additional_headers={"Authorization": f"Token {key}"},
        open_timeout=10,
    ) as socket:
        snapshot = recv_json(socket)
    assert snapshot["seat"] == 1 and len(snapshot["view"]["hand"]) == 6


def test_a_token_client_needs_no_origin_header(asgi_server: Server) -> None:
    table, users = people_table("bela")
    _, key = token_create(user=users[1], name="script")
    with connect(
        f"{asgi_server.ws_url}/ws/tables/{table.pk}/",
        additional_headers={"Authorization": f"Token {key}"},
        open_timeout=10,
    ) as socket:
        snapshot = recv_json(socket)
    assert snapshot["seat"] == 1 and len(snapshot["view"]["hand"]) == 6


def test_without_origin_a_session_cookie_is_refused(asgi_server: Server) -> None:
    table, users = people_table("bela")
    with pytest.raises(InvalidStatus) as refused:
        connect(
            f"{asgi_server.ws_url}/ws/tables/{table.pk}/",
            additional_headers={"Cookie": session_cookie(users[0])},
            open_timeout=10,
        )
    assert refused.value.response.status_code == 403


def test_without_origin_only_the_token_counts_not_the_cookie(asgi_server: Server) -> None:
    """A token client's cookies are ignored: it is seated as the token's owner, no one else."""
    table, users = people_table("bela")
    _, key = token_create(user=users[1], name="script")
    with connect(
        f"{asgi_server.ws_url}/ws/tables/{table.pk}/",
        additional_headers={
            "Authorization": f"Token {key}",
            "Cookie": session_cookie(users[0]),
        },
        open_timeout=10,
    ) as socket:
        snapshot = recv_json(socket)
    assert snapshot["seat"] == 1


def test_a_bad_token_is_closed_with_a_code(asgi_server: Server) -> None:
    table, _ = people_table("bela")
    with connect(
        f"{asgi_server.ws_url}/ws/tables/{table.pk}/",
        origin=asgi_server.url,
        additional_headers={"Authorization": "Token not-a-key"},
        open_timeout=10,
    ) as socket:
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_NOT_SIGNED_IN


def test_an_unknown_table_is_closed_with_a_code(asgi_server: Server) -> None:
    with open_table_socket(asgi_server, 999_999) as socket:
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_NOT_FOUND


def test_a_foreign_origin_is_refused(asgi_server: Server) -> None:
    table, users = people_table("bela")
    with pytest.raises(InvalidStatus) as refused:
        open_table_socket(asgi_server, table.pk, user=users[0], origin="http://evil.example")
    assert refused.value.response.status_code == 403


@pytest.mark.parametrize(
    "origin", ["http://localhost:1", "https://{host}", "http://{host}:1", "http://{host}.evil"]
)
def test_an_origin_of_another_port_or_scheme_is_refused(asgi_server: Server, origin: str) -> None:
    table, users = people_table("bela")
    host = asgi_server.url.removeprefix("http://")
    with pytest.raises(InvalidStatus) as refused:
        open_table_socket(asgi_server, table.pk, user=users[0], origin=origin.format(host=host))
    assert refused.value.response.status_code == 403


def test_reconnecting_takes_the_seat_back_from_the_bot(asgi_server: Server) -> None:
    table, users = people_table("bela")
    table_leave(table_id=table.pk, user=users[3])
    assert Seat.objects.get(table=table, number=3).bot_holding
    with open_table_socket(asgi_server, table.pk, user=users[3]) as socket:
        snapshot = recv_json(socket)
    assert snapshot["seat"] == 3 and "hand" in snapshot["view"]
    assert not snapshot["table"]["seats"][3]["held_by_bot"]
    assert not Seat.objects.get(table=table, number=3).bot_holding


def test_a_person_whose_turns_ran_out_with_the_page_open_says_they_are_back(
    asgi_server: Server,
) -> None:
    # No reconnect comes to take the seat back: the socket stayed open all along.
    table, _ = people_table("bela")
    slow = seat_to_act(table)
    with open_table_socket(asgi_server, table.pk, user=slow.user) as socket:
        recv_json(socket)
        while not Seat.objects.get(pk=slow.pk).bot_holding:
            if seat_to_act(table).pk != slow.pk:
                Seat.objects.exclude(pk=slow.pk).update(timeouts_in_row=0, bot_holding=False)
            assert table_turn_timeout(table_id=table.pk, version=table.version)
        held = next_event(socket, lambda m: m["table"]["seats"][slow.number]["held_by_bot"])
        assert (held["event"]["kind"], held["event"]["held"]) == ("seat", True)
        move = next_event(socket, lambda m: True)
        assert (move["event"]["seat"], move["event"]["actor"]) == (slow.number, "timeout")
        socket.send(json.dumps({"type": "back"}))
        back = next_event(socket, lambda m: m["event"]["kind"] == "seat")
    assert back["event"]["held"] is False
    assert not back["table"]["seats"][slow.number]["held_by_bot"]
    seat = Seat.objects.get(pk=slow.pk)
    assert (seat.bot_holding, seat.timeouts_in_row) == (False, 0)


def next_event(
    socket: ClientConnection, wanted: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """The next `event` on the socket that is `wanted`, those before it read past."""
    while (message := recv_json(socket))["type"] != "event" or not wanted(message):
        pass
    return message


def test_chat_reaches_players_and_spectators_apart(asgi_server: Server) -> None:
    table, users = people_table("bela")
    onlooker = person("onlooker")
    with (
        open_table_socket(asgi_server, table.pk, user=users[0]) as player,
        open_table_socket(asgi_server, table.pk, user=onlooker) as spectator,
    ):
        recv_json(player), recv_json(spectator)
        spectator.send(json.dumps({"type": "chat", "text": "<b>who wins?</b>"}))
        heard = recv_json(spectator)
        assert heard["channel"] == "spectators" and heard["text"] == "<b>who wins?</b>"
        player.send(json.dumps({"type": "chat", "text": "good luck"}))
        for socket in (player, spectator):
            line = recv_json(socket)
            assert (line["type"], line["channel"], line["text"]) == ("chat", "players", "good luck")
        # The players never got the spectators' line.
        player.send(json.dumps({"type": "sync"}))
        assert recv_json(player)["type"] == "snapshot"


def said(snapshot: dict[str, Any]) -> list[str]:
    """The chat lines a snapshot brings, oldest first."""
    assert snapshot["type"] == "snapshot"
    return [line["text"] for line in snapshot["chat"]]


def test_a_socket_opened_mid_match_reads_what_was_said_before_it(asgi_server: Server) -> None:
    # A page opened, reloaded or reconnected mid-match showed an empty chat box: every line
    # said before it was gone for that viewer.
    table, users = people_table("bela")
    onlooker = person("onlooker")
    chat_post(table_id=table.pk, user=users[0], text="good luck")
    chat_post(table_id=table.pk, user=onlooker, text="who wins?")
    with open_table_socket(asgi_server, table.pk, user=users[1]) as player:
        assert said(recv_json(player)) == ["good luck"]  # never the spectators' lines
    with open_table_socket(asgi_server, table.pk, user=person("late")) as spectator:
        assert said(recv_json(spectator)) == ["good luck", "who wins?"]
    # A line said while a player's socket was away comes with its next snapshot, with the
    # rising id that lets the page show each line once.
    chat_post(table_id=table.pk, user=users[2], text="back soon")
    with open_table_socket(asgi_server, table.pk, user=users[1]) as player:
        lines = recv_json(player)["chat"]
    assert [line["text"] for line in lines] == ["good luck", "back soon"]
    assert lines[0]["id"] < lines[1]["id"] and lines[1]["name"] == users[2].username
    # A duplicate round's players talk among themselves: its onlookers never read them.
    Table.objects.filter(pk=table.pk).update(watch_group="round-1")
    with open_table_socket(asgi_server, table.pk, user=person("judge")) as spectator:
        assert said(recv_json(spectator)) == ["who wins?"]


def test_a_snapshot_brings_the_latest_lines_only(asgi_server: Server) -> None:
    table, users = people_table("bela")
    ChatMessage.objects.bulk_create(
        ChatMessage(table=table, user=users[0], channel="players", text=f"line {n}")
        for n in range(CHAT_HISTORY + 5)
    )
    with open_table_socket(asgi_server, table.pk, user=users[1]) as player:
        lines = said(recv_json(player))
    assert lines == [f"line {n}" for n in range(5, CHAT_HISTORY + 5)]


def test_sync_answers_a_fresh_snapshot(asgi_server: Server) -> None:
    table, users = people_table("bela")
    with open_table_socket(asgi_server, table.pk, user=users[2]) as socket:
        first = recv_json(socket)
        socket.send(json.dumps({"type": "sync"}))
        again = recv_json(socket)
    # The turn clock runs on between the two; everything else is the same.
    left = first["table"].pop("turn_left"), again["table"].pop("turn_left")
    assert again == first and left[1] <= left[0]
