"""Sockets of a duplicate round's tables, and table_end, through the real ASGI server."""

from __future__ import annotations

import pytest
from websockets.exceptions import ConnectionClosed

from games.consumers import CLOSE_WATCH_REFUSED
from games.models import TableEvent
from games.services import table_end
from games.watching import REFUSED
from tests.games.duplicate_tables import duplicate_pair, play_hands
from tests.games.factories import people_table, person
from tests.games.sockets import leaks, open_table_socket, recv_json
from tests.helpers import Server

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_player_of_the_round_is_refused_at_another_of_its_tables(asgi_server: Server) -> None:
    first, people, second = duplicate_pair()
    with open_table_socket(asgi_server, second.pk, user=people[2]) as socket:
        refused = recv_json(socket)
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
    assert refused == {
        "type": "error", "code": "watch_refused", "message": REFUSED, "client_seq": None,
    }  # fmt: skip
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_WATCH_REFUSED
    with open_table_socket(asgi_server, first.pk, user=people[2]) as own:
        snapshot = recv_json(own)
    assert snapshot["seat"] == 2 and snapshot["view"]["hand"]


def test_an_onlooker_gets_a_deal_only_once_every_table_has_finished_it(
    asgi_server: Server,
) -> None:
    first, people, second = duplicate_pair()
    with (
        open_table_socket(asgi_server, second.pk, user=person("onlooker")) as onlooker,
        open_table_socket(asgi_server, first.pk, user=people[0]) as player,
    ):
        received = [recv_json(onlooker)]
        assert received[0]["view"] is None and received[0]["table"]["withheld"]
        assert recv_json(player)["seat"] == 0
        play_hands(second, 1)
        with pytest.raises(TimeoutError):
            onlooker.recv(timeout=1)
        play_hands(first, 1)
        # The people's own socket followed every move of their hand live.
        live = [recv_json(player) for _ in range(3)]
        assert all(message["type"] == "event" for message in live)
        released = recv_json(onlooker)
        received.append(released)
        end = TableEvent.objects.get(table=second, kind=TableEvent.Kind.HAND_END, hand=1)
        assert (
            released["type"] == "snapshot" and released["view"]["result"] == end.payload["result"]
        )
        assert released["table"]["match"]["hands"] == 1
        with pytest.raises(TimeoutError):
            received.append(recv_json(onlooker, timeout=1))
    assert [leak for message in received for leak in leaks(message, seat=None)] == []


def test_table_end_reaches_every_connected_viewer(asgi_server: Server) -> None:
    table, users = people_table("bela")
    with (
        open_table_socket(asgi_server, table.pk, user=users[1]) as player,
        open_table_socket(asgi_server, table.pk, user=person("onlooker")) as onlooker,
    ):
        recv_json(player), recv_json(onlooker)
        assert table_end(table_id=table.pk, reason="The organizer stopped the match.")
        for socket, seat in ((player, 1), (onlooker, None)):
            message = recv_json(socket)
            assert message["type"] == "event" and message["event"]["kind"] == "match_end"
            assert message["event"]["decided"] == "The organizer stopped the match."
            assert message["table"]["status"] == "finished"
            assert leaks(message, seat=seat) == []
