"""A socket's user is read once, at its handshake: a player who signed out on a shared computer
left a table that still showed their cards and played for them, and a stolen session or token
kept its sockets after a password change or a revoke. Now each socket opened signed in closes
(4401) once the sign-in it opened with ends, and only then."""

from __future__ import annotations

import json
from contextlib import ExitStack

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from accounts import services
from accounts.authentication import CLOSE_NOT_SIGNED_IN
from accounts.models import User
from games.models import Table
from games.services import table_create
from tests.accounts.factories import PASSWORD, make_user
from tests.helpers import Server

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def signed_in(user: User) -> Client:
    """A browser of its own (a session of its own), signed in with the password."""
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def cookie(client: Client) -> dict[str, str]:
    name = settings.SESSION_COOKIE_NAME
    return {"Cookie": f"{name}={client.cookies[name].value}"}


class Sockets(ExitStack):
    """The test's sockets, each closed at its end, each opened once its user is settled."""

    def __init__(self, server: Server) -> None:
        super().__init__()
        self.server = server

    def table(self, table: Table, headers: dict[str, str]) -> ClientConnection:
        """A table's socket, its first snapshot read."""
        socket = self._open(f"/ws/tables/{table.pk}/", headers)
        assert json.loads(socket.recv(timeout=10))["type"] == "snapshot"
        return socket

    def notices(self, client: Client) -> ClientConnection:
        """A signed-in page's notifications socket, answering."""
        socket = self._open("/ws/notifications/", cookie(client))
        assert still_open(socket)
        return socket

    def _open(self, path: str, headers: dict[str, str]) -> ClientConnection:
        url = f"{self.server.ws_url}{path}"
        return self.enter_context(
            connect(url, origin=self.server.url, additional_headers=headers, open_timeout=10)
        )


def closed_signed_out(socket: ClientConnection) -> bool:
    """Whether the server closes the socket as no longer signed in (what it sends before the
    close, the table's events, is read past)."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            socket.recv(timeout=10)
    return closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_NOT_SIGNED_IN


def still_open(socket: ClientConnection) -> bool:
    """Whether the socket still answers a ping (read past any event before the answer)."""
    socket.send(json.dumps({"type": "ping"}))
    while json.loads(socket.recv(timeout=10))["type"] != "pong":
        pass
    return True


def seated_with_bots(user: User) -> Table:
    return table_create(creator=user, variant="belote", bot_seats=(1, 2, 3), turn_seconds=600)


def test_signing_out_closes_that_sessions_sockets_only(asgi_server: Server) -> None:
    ann = make_user("ann")
    table = seated_with_bots(ann)
    shared_computer, phone = signed_in(ann), signed_in(ann)
    with Sockets(asgi_server) as sockets:
        spectator = sockets.table(table, {})
        at_the_table = sockets.table(table, cookie(shared_computer))
        notices = sockets.notices(shared_computer)
        on_the_phone = sockets.table(table, cookie(phone))
        ended = cookie(shared_computer)

        assert shared_computer.post("/accounts/logout/").status_code == 302
        assert closed_signed_out(at_the_table) and closed_signed_out(notices)
        assert still_open(on_the_phone) and still_open(spectator)
        # Opened again with the ended session's cookie, it is a spectator's: no hand of cards.
        again = sockets._open(f"/ws/tables/{table.pk}/", ended)
        snapshot = json.loads(again.recv(timeout=10))
        assert snapshot["seat"] is None and "hand" not in snapshot["view"]


def test_a_password_changed_ends_the_other_sessions_sockets(asgi_server: Server) -> None:
    ann = make_user("ann")
    table = seated_with_bots(ann)
    mine, stolen = signed_in(ann), signed_in(ann)
    with Sockets(asgi_server) as sockets:
        their_table, their_notices = sockets.table(table, cookie(stolen)), sockets.notices(stolen)
        my_table = sockets.table(table, cookie(mine))

        new = "a-new-long-pw-42"
        change = {"old_password": PASSWORD, "new_password1": new, "new_password2": new}
        # The browser follows the redirect with its new cookie: only then are the sockets told.
        assert mine.post("/accounts/password/", change, follow=True).redirect_chain
        assert closed_signed_out(their_table) and closed_signed_out(their_notices)
        # Mine close too (the change gave my browser a new session key, and a stolen copy of
        # the old one must not play on), to open again with the new cookie, still seated; the
        # other browser's open as a spectator's.
        assert closed_signed_out(my_table)
        snapshot = json.loads(sockets._open(f"/ws/tables/{table.pk}/", cookie(mine)).recv(10))
        assert snapshot["seat"] == 0 and snapshot["view"]["hand"]
        assert still_open(sockets.notices(mine))
        snapshot = json.loads(sockets._open(f"/ws/tables/{table.pk}/", cookie(stolen)).recv(10))
        assert snapshot["seat"] is None


def test_a_revoked_token_closes_its_sockets_not_another_tokens(asgi_server: Server) -> None:
    ann = make_user("ann")
    table = seated_with_bots(ann)
    bot_token, key = services.token_create(user=ann, name="my bot")
    _, other_key = services.token_create(user=ann, name="my other bot")
    with Sockets(asgi_server) as sockets:
        revoked = sockets.table(table, {"Authorization": f"Token {key}"})
        kept = sockets.table(table, {"Authorization": f"Token {other_key}"})

        services.token_revoke(user=ann, token_id=bot_token.pk)
        assert closed_signed_out(revoked)
        assert still_open(kept)


def test_a_closed_account_closes_every_socket_of_it(asgi_server: Server) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    table = seated_with_bots(ann)
    browser, phone = signed_in(ann), signed_in(ann)
    _, key = services.token_create(user=ann, name="my bot")
    with Sockets(asgi_server) as sockets:
        at_the_table = sockets.table(table, cookie(browser))
        on_the_phone = sockets.table(table, cookie(phone))
        scripted = sockets.table(table, {"Authorization": f"Token {key}"})
        bobs_watching = sockets.table(table, cookie(signed_in(bob)))

        assert browser.post("/accounts/close/", {"password": PASSWORD}).status_code == 302
        assert closed_signed_out(at_the_table) and closed_signed_out(on_the_phone)
        assert closed_signed_out(scripted)
        assert still_open(bobs_watching)


def test_a_guest_signing_in_reopens_their_tables_as_the_person(asgi_server: Server) -> None:
    """The guest's seat passes to the account; the guest's socket, left on it, could no
    longer play."""
    ann = make_user("ann")
    browser = Client()
    browser.post("/tables/new/", {"mode": "guest", "variant": "belote", "bot_level": "easy"})
    table = Table.objects.get()
    with Sockets(asgi_server) as sockets:
        as_a_guest = sockets.table(table, cookie(browser))
        login = {"username": "ann", "password": PASSWORD}
        assert browser.post("/accounts/login/", login, follow=True).redirect_chain
        assert closed_signed_out(as_a_guest)
        snapshot = json.loads(sockets._open(f"/ws/tables/{table.pk}/", cookie(browser)).recv(10))
        assert snapshot["seat"] == 0 and table.seats.get(number=0).user == ann


def test_an_api_password_change_closes_every_sockets_at_once(asgi_server: Server) -> None:
    """A script follows no redirect: its sockets are told as the change is made."""
    ann = make_user("ann")
    table = seated_with_bots(ann)
    script = signed_in(ann)
    _, key = services.token_create(user=ann, name="my bot")
    with Sockets(asgi_server) as sockets:
        by_session = sockets.table(table, cookie(script))
        by_token = sockets.table(table, {"Authorization": f"Token {key}"})
        new = "a-new-long-pw-42"
        changed = script.post(
            "/api/auth/password/",
            {"old_password": PASSWORD, "new_password": new},
            content_type="application/json",
        )
        assert changed.status_code == 204, changed.content
        assert closed_signed_out(by_session)
        assert still_open(by_token)  # a token is not a session: it stays until revoked


def test_staff_setting_a_password_or_banning_in_the_admin_closes_the_sockets(
    asgi_server: Server,
) -> None:
    """A support desk's answers to a stolen account: a new password, or the account made
    inactive."""
    ann, bob = make_user("ann"), make_user("bob")
    make_user("desk", is_staff=True, is_superuser=True)
    desk = Client()
    desk.login(username="desk", password=PASSWORD)
    table, other = seated_with_bots(ann), seated_with_bots(bob)
    with Sockets(asgi_server) as sockets:
        anns = sockets.table(table, cookie(signed_in(ann)))
        bobs = sockets.table(other, cookie(signed_in(bob)))
        new = {"password1": "a-new-long-pw-42", "password2": "a-new-long-pw-42"}
        set_password = desk.post(f"/admin/accounts/user/{ann.pk}/password/", new)
        assert set_password.status_code == 302
        assert closed_signed_out(anns)

        # The change form as the page fills it, "Active" unticked.
        page = desk.get(f"/admin/accounts/user/{bob.pk}/change/")
        skipped = {"is_active", "password", "groups", "user_permissions", "last_login"}
        initial = page.context["adminform"].form.initial.items()
        data = {k: v for k, v in initial if k not in skipped and v not in (None, "")}
        joined = data.pop("date_joined")
        data |= {"date_joined_0": f"{joined:%Y-%m-%d}", "date_joined_1": f"{joined:%H:%M:%S}"}
        banned = desk.post(f"/admin/accounts/user/{bob.pk}/change/", data)
        assert banned.status_code == 302
        assert not User.objects.get(pk=bob.pk).is_active
        assert closed_signed_out(bobs)


def test_a_password_set_with_manage_py_closes_the_sockets(
    asgi_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`manage.py changepassword`, the shell's answer to a stolen account."""
    ann, bob = make_user("ann"), make_user("bob")
    table, other = seated_with_bots(ann), seated_with_bots(bob)
    typed = "django.contrib.auth.management.commands.changepassword.getpass.getpass"
    monkeypatch.setattr(typed, lambda prompt="": "a-new-long-pw-42")
    with Sockets(asgi_server) as sockets:
        anns = sockets.table(table, cookie(signed_in(ann)))
        bobs = sockets.table(other, cookie(signed_in(bob)))
        call_command("changepassword", "ann")
        assert closed_signed_out(anns)
        assert still_open(bobs)
