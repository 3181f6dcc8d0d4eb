"""A message sent through the channel layer from synchronous code reaches a WebSocket client."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.test import Client
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from accounts.authentication import CLOSE_NOT_SIGNED_IN
from accounts.models import User
from accounts.notifications import user_group, user_notify
from tests.games.sockets import age_group_members, open_table_socket, recv_json
from tests.helpers import Redis, Server
from tests.tournaments.factories import bot_player, tournament
from tournaments.models import Round, RoundTable
from tournaments.rounds import round_start
from tournaments.services import entry_register, tournament_open_registration, tournament_start

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def open_socket(server: Server, *, cookie: str | None, origin: str) -> ClientConnection:
    """Connect to the notifications endpoint as a browser would."""
    headers = {"Cookie": cookie} if cookie else {}
    return connect(
        f"{server.ws_url}/ws/notifications/",
        origin=origin,
        additional_headers=headers,
        open_timeout=10,
    )


def session_cookie(user: User) -> str:
    """Sign the user in and return the session cookie header value."""
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


@contextmanager
def following(server: Server, user: User, topic: str) -> Iterator[ClientConnection]:
    """The user's notifications socket, following the topic once a ping's answer came back."""
    with open_socket(server, cookie=session_cookie(user), origin=server.url) as socket:
        socket.send(json.dumps({"type": "follow", "topic": topic}))
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}, "followed by now"
        yield socket


def test_sync_notify_reaches_the_users_socket(asgi_server: Server) -> None:
    alice = User.objects.create_user(username="alice", password="irrelevant-pw-1")
    bob = User.objects.create_user(username="bob", password="irrelevant-pw-2")
    origin = asgi_server.url
    with (
        open_socket(asgi_server, cookie=session_cookie(alice), origin=origin) as alice_socket,
        open_socket(asgi_server, cookie=session_cookie(bob), origin=origin) as bob_socket,
    ):
        # A round trip proves both consumers have joined their groups before we send.
        for socket in (alice_socket, bob_socket):
            socket.send(json.dumps({"type": "ping"}))
            assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}
        user_notify(user_id=alice.pk, payload={"type": "table_ready", "table": 7})
        assert json.loads(alice_socket.recv(timeout=10)) == {"type": "table_ready", "table": 7}
        with pytest.raises(TimeoutError):
            bob_socket.recv(timeout=0.5)


def test_anonymous_socket_is_closed(asgi_server: Server) -> None:
    with open_socket(asgi_server, cookie=None, origin=asgi_server.url) as socket:
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == CLOSE_NOT_SIGNED_IN


def test_foreign_origin_is_refused(asgi_server: Server) -> None:
    user = User.objects.create_user(username="carol", password="irrelevant-pw-3")
    with pytest.raises(InvalidStatus) as refused:
        open_socket(asgi_server, cookie=session_cookie(user), origin="http://evil.example")
    assert refused.value.response.status_code == 403


def test_unknown_message_gets_an_error_and_the_socket_stays_open(asgi_server: Server) -> None:
    user = User.objects.create_user(username="dana", password="irrelevant-pw-4")
    cookie = session_cookie(user)
    with open_socket(asgi_server, cookie=cookie, origin=asgi_server.url) as socket:
        socket.send("not json at all")
        assert json.loads(socket.recv(timeout=10)) == {
            "type": "error",
            "message": "Send JSON text messages.",
        }
        socket.send(b"\x00binary")
        assert json.loads(socket.recv(timeout=10))["type"] == "error"
        socket.send(json.dumps({"type": "shout"}))
        assert json.loads(socket.recv(timeout=10)) == {
            "type": "error",
            "message": "Only ping and follow are understood here.",
        }
        socket.send(json.dumps({"type": "follow", "topic": "user-1"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "error", "message": "No such topic."}
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}


def test_a_followed_tournament_reaches_the_socket(asgi_server: Server) -> None:
    user = User.objects.create_user(username="erin", password="irrelevant-pw-5")
    event = tournament()
    tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    topic = f"tournament-{event.pk}"
    with following(asgi_server, user, topic) as socket:
        payload = {"type": "tournament_changed", "tournament": event.pk}
        async_to_sync(get_channel_layer().group_send)(topic, {"type": "notify", "payload": payload})
        assert json.loads(socket.recv(timeout=10)) == payload


def test_a_draft_or_missing_tournament_is_followed_by_its_organizer_alone(
    asgi_server: Server,
) -> None:
    draft = tournament()
    stranger = User.objects.create_user(username="fay", password="irrelevant-pw-6")
    topic = f"tournament-{draft.pk}"
    refused = {"type": "error", "message": "No such topic."}
    with open_socket(
        asgi_server, cookie=session_cookie(stranger), origin=asgi_server.url
    ) as socket:
        for unseen in (topic, "tournament-999999", "user-1"):
            socket.send(json.dumps({"type": "follow", "topic": unseen}))
            assert json.loads(socket.recv(timeout=10)) == refused, unseen
        async_to_sync(get_channel_layer().group_send)(
            topic, {"type": "notify", "payload": {"type": "tournament_changed"}}
        )
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}, "the draft's news kept"
    organizer = session_cookie(draft.organizer)
    with open_socket(asgi_server, cookie=organizer, origin=asgi_server.url) as socket:
        socket.send(json.dumps({"type": "follow", "topic": topic}))
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}


def test_a_pinging_socket_keeps_hearing_past_the_layers_day(
    asgi_server: Server, redis_server: Redis
) -> None:
    """channels-redis forgets a group member after a day: a tab left open overnight on an
    event's page heard neither "your table is ready" nor the event's changes the next morning.
    The page pings; a ping renews the socket's groups."""
    user = User.objects.create_user(username="gil", password="irrelevant-pw-7")
    event = tournament()
    tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    topic = f"tournament-{event.pk}"
    with following(asgi_server, user, topic) as socket:
        for group in (user_group(user.pk), topic):
            age_group_members(redis_server.url, group, days=2)
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}
        user_notify(user_id=user.pk, payload={"type": "table_ready", "table": 7})
        assert json.loads(socket.recv(timeout=10)) == {"type": "table_ready", "table": 7}
        payload = {"type": "tournament_changed", "tournament": event.pk}
        async_to_sync(get_channel_layer().group_send)(topic, {"type": "notify", "payload": payload})
        assert json.loads(socket.recv(timeout=10)) == payload


def test_a_socket_opened_after_the_round_opened_hears_the_table_is_ready_until_they_come(
    asgi_server: Server,
) -> None:
    """ "Your table is ready" went once, to the sockets open then: a page loading or
    reconnecting at that moment missed it, and its player missed their table. Each socket now
    hears it as it opens, in its language, until the player has come to the table."""
    alice = User.objects.create_user(username="hana", password="irrelevant-pw-8", language="fr")
    event = tournament(match_deals=None, house_rules={"target": 1001})
    tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    for team in ([alice, bot_player()], [bot_player(), bot_player()]):
        entry_register(tournament_id=event.pk, user=event.organizer, players=team)
    tournament_start(tournament_id=event.pk, user=event.organizer)
    assert round_start(round_id=Round.objects.get(tournament=event, number=1).pk)
    table = RoundTable.objects.get(round__tournament=event, away__isnull=False).table
    assert table is not None
    cookie = session_cookie(alice)
    with open_socket(asgi_server, cookie=cookie, origin=asgi_server.url) as socket:
        ready = json.loads(socket.recv(timeout=10))
    assert ready["type"] == "table_ready"
    assert (ready["table"], ready["url"], ready["round"]) == (table.pk, f"/tables/{table.pk}/", 1)
    assert ready["message"] == f"Votre table est prête\u00a0: ronde 1 de {event.name}."
    with open_table_socket(asgi_server, table.pk, user=alice) as at_the_table:
        assert recv_json(at_the_table)["type"] == "snapshot"
    with open_socket(asgi_server, cookie=cookie, origin=asgi_server.url) as socket:
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}, "come: nothing more"
    stranger = User.objects.create_user(username="ivo", password="irrelevant-pw-9")
    elsewhere = session_cookie(stranger)
    with open_socket(asgi_server, cookie=elsewhere, origin=asgi_server.url) as socket:
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}, "not theirs"
