"""A tournament's public socket: signed-out viewers hear when the event changes (and nothing
else); a draft, or no event, is closed with 4404."""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from accounts.notifications import user_notify
from tests.games.sockets import age_group_members, session_cookie
from tests.helpers import Redis, Server
from tests.tournaments.factories import bot_player, person, tournament
from tournaments import services
from tournaments.consumers import CLOSE_NOT_FOUND
from tournaments.live import tournament_group
from tournaments.models import Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def open_socket(server: Server, tournament_id: int, cookie: str = "") -> ClientConnection:
    """Connect to the event's public socket as a browser would (signed out unless a cookie)."""
    return connect(
        f"{server.ws_url}/ws/tournaments/{tournament_id}/",
        origin=server.url,
        additional_headers={"Cookie": cookie} if cookie else {},
        open_timeout=10,
    )


def closed_code(socket: ClientConnection) -> int | None:
    with pytest.raises(ConnectionClosed) as closed:
        socket.recv(timeout=10)
    return None if closed.value.rcvd is None else closed.value.rcvd.code


def test_a_signed_out_viewer_hears_the_event_change_and_nothing_private(
    asgi_server: Server,
) -> None:
    event = tournament()
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    player = person()
    with open_socket(asgi_server, event.pk) as socket:
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}
        user_notify(user_id=player.pk, payload={"type": "table_ready", "table": 7})
        services.entry_register(
            tournament_id=event.pk, user=event.organizer, players=[player, bot_player()]
        )
        heard = json.loads(socket.recv(timeout=10))
        assert heard == {
            "type": "tournament_changed",
            "tournament": event.pk,
            "status": Tournament.Status.REGISTRATION,
        }, "only the event's id and status: nobody's notice"
        services.tournament_open_check_in(tournament_id=event.pk, user=event.organizer)
        assert json.loads(socket.recv(timeout=10))["status"] == Tournament.Status.CHECK_IN
        socket.send("not json")
        assert json.loads(socket.recv(timeout=10)) == {
            "type": "error",
            "message": "Only ping is understood here.",
        }
        socket.send(json.dumps({"type": "follow", "topic": "user-1"}))
        assert json.loads(socket.recv(timeout=10))["type"] == "error"
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}, "it stays open"


def test_a_draft_or_a_missing_event_is_no_event_to_strangers(asgi_server: Server) -> None:
    draft = tournament()
    with open_socket(asgi_server, draft.pk) as socket:
        assert closed_code(socket) == CLOSE_NOT_FOUND
    with open_socket(asgi_server, draft.pk, session_cookie(person())) as socket:
        assert closed_code(socket) == CLOSE_NOT_FOUND
    with open_socket(asgi_server, draft.pk + 1000) as socket:
        assert closed_code(socket) == CLOSE_NOT_FOUND
    with open_socket(asgi_server, draft.pk, session_cookie(draft.organizer)) as socket:
        services.tournament_open_registration(tournament_id=draft.pk, user=draft.organizer)
        assert json.loads(socket.recv(timeout=10))["status"] == Tournament.Status.REGISTRATION


def test_a_pinging_viewer_keeps_hearing_past_the_layers_day(
    asgi_server: Server, redis_server: Redis
) -> None:
    """channels-redis forgets a group member after a day; the page pings, and a ping renews."""
    event = tournament()
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    with open_socket(asgi_server, event.pk) as socket:
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}
        age_group_members(redis_server.url, tournament_group(event.pk), days=2)
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}
        services.tournament_open_check_in(tournament_id=event.pk, user=event.organizer)
        assert json.loads(socket.recv(timeout=10))["status"] == Tournament.Status.CHECK_IN
