"""The lobby lists a table waiting for players only while someone waits there: a host who
closed the tab left a table in "Open tables" for good, and a newcomer taking a seat there
waited alone for nobody. The seated player's socket says they are here, and each of its
pings says it again; a spectator's does not; its close says they are gone."""

from __future__ import annotations

import urllib.request

import pytest

from games import presence
from games.services import table_create_in_lobby
from tests.games.factories import person
from tests.games.sockets import open_table_socket, recv_json
from tests.games.test_open_tables import open_tables_in
from tests.helpers import Server, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def open_tables_listed(server: Server) -> set[int]:
    """The tables in the lobby's "Open tables", as the server shows them to a visitor."""
    with urllib.request.urlopen(f"{server.url}/tables/", timeout=10) as response:  # noqa: S310
        return open_tables_in(response.read().decode())


def test_an_open_table_is_listed_while_its_host_has_it_open(asgi_server: Server) -> None:
    host = person("host")
    table = table_create_in_lobby(opponents="open", user=host, variant="belote")
    assert open_tables_listed(asgi_server) == set()  # created, not yet opened

    with open_table_socket(asgi_server, table.pk, user=person("onlooker")) as watching:
        assert recv_json(watching)["type"] == "snapshot"
        assert open_tables_listed(asgi_server) == set()  # watching is not waiting to play
        with open_table_socket(asgi_server, table.pk, user=host) as seated:
            assert recv_json(seated)["type"] == "snapshot"
            assert open_tables_listed(asgi_server) == {table.pk}
        # The close reaches the server after the client has stopped waiting for it.
        wait_for(lambda: not open_tables_listed(asgi_server) or None, timeout=10, what="unlisted")

    with open_table_socket(asgi_server, table.pk, user=host) as seated:
        recv_json(seated)
        presence.seat_left(table_id=table.pk, user_id=host.pk)  # another tab of theirs closed
        seated.send('{"type": "ping"}')
        assert recv_json(seated)["type"] == "pong"
        assert open_tables_listed(asgi_server) == {table.pk}  # this tab's ping says they are here
