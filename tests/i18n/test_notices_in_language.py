"""A notice from a task (no language of its own) reaches each socket in that viewer's language."""

from __future__ import annotations

import json

import pytest
from websockets.sync.client import connect

from accounts.models import User
from accounts.notifications import user_notify
from tests.helpers import Server
from tests.integration.test_notifications_socket import session_cookie

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

NOTICE = {
    "type": "table_ready",
    "url": "/tables/7/",
    "texts": {
        "message": [
            "Your table is ready: round %(round)d of %(name)s.",
            {"round": 2, "name": "Kup"},
        ],
        "action": ["Go to your table", {}],
    },
}


@pytest.mark.parametrize(
    ("language", "message", "action"),
    [
        ("bg", "Масата ви е готова: кръг 2 на Kup.", "Към масата"),
        ("hr", "Vaš stol je spreman: krug 2 turnira Kup.", "Idi za stol"),
        ("fr", "Votre table est prête\u00a0: ronde 2 de Kup.", "Aller à votre table"),
        ("en", "Your table is ready: round 2 of Kup.", "Go to your table"),
    ],
)
def test_a_table_ready_notice_speaks_the_sockets_language(
    asgi_server: Server, language: str, message: str, action: str
) -> None:
    player = User.objects.create_user(username=f"notice-{language}", password="irrelevant-pw-1")
    headers = {"Cookie": session_cookie(player), "Accept-Language": language}
    with connect(
        f"{asgi_server.ws_url}/ws/notifications/", origin=asgi_server.url,
        additional_headers=headers, open_timeout=10,
    ) as socket:  # fmt: skip
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}
        user_notify(user_id=player.pk, payload=NOTICE)
        received = json.loads(socket.recv(timeout=10))
    assert received == {
        "type": "table_ready",
        "url": "/tables/7/",
        "message": message,
        "action": action,
    }
