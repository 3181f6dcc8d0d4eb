"""A table socket refuses in its viewer's language (chosen as for a page); the code stays."""

from __future__ import annotations

import pytest
from websockets.sync.client import connect

from tests.games.factories import people_table, seat_to_act
from tests.games.sockets import recv_json, session_cookie
from tests.helpers import Server

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("bg", "Ред е на място %s"),
        ("fr", "C'est au tour de la place %s"),
        ("en", "It is seat %s's turn"),
    ],
)
def test_an_out_of_turn_move_is_refused_in_the_players_language(
    asgi_server: Server, language: str, message: str
) -> None:
    table, users = people_table("bela")
    table.refresh_from_db()
    to_act = seat_to_act(table)
    waiting = next(u for u in users if u.pk != to_act.user_id)
    headers = {"Cookie": session_cookie(waiting), "Accept-Language": language}
    with connect(
        f"{asgi_server.ws_url}/ws/tables/{table.pk}/", origin=asgi_server.url,
        additional_headers=headers, open_timeout=10,
    ) as socket:  # fmt: skip
        assert recv_json(socket)["type"] == "snapshot"
        socket.send('{"type": "act", "action": {"bid": "pass"}, "client_seq": 1}')
        error = recv_json(socket)
        while error["type"] != "error":
            error = recv_json(socket)
    assert error["code"] == "out_of_turn"
    assert error["message"] == message % to_act.number
