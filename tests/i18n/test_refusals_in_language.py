"""Refusals that carry a value (a limit, a version, a deal's number) reach the API caller and
the socket's viewer in their own language, the value filled in; the code stays the same."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from rest_framework.test import APIClient
from websockets.sync.client import ClientConnection, connect

from config.errors import ServiceError
from games.services import CHAT_MAX_LENGTH, table_create
from tests.accounts.factories import make_user
from tests.games.factories import people_table, seat_to_act
from tests.games.sockets import recv_json, session_cookie
from tests.helpers import Server

STALE = {
    "bg": r"Масата вече е напреднала \(версия \d+\); обновете и опитайте пак\.",
    "hr": r"Stol je već odmaknuo \(verzija \d+\); osvježite i pokušajte ponovno\.",
    "fr": r"La table a avancé \(version \d+\) : actualisez et réessayez\.",
}
CHAT_TOO_LONG = {
    "bg": "Нека е под %s знака.",
    "hr": "Neka bude kraće od %s znakova.",
    "fr": "Restez sous %s caractères.",
}
NOT_JSON = {
    "bg": "Изпращайте JSON обекти като текст. Неправилен JSON: ",
    "hr": "Šaljite JSON objekte kao tekst. Neispravan JSON: ",
    "fr": "Envoyez des objets JSON en texte. JSON mal formé : ",
}
DEALER = {
    "bg": "Раздаване 1: раздаващият е място от 0 до 3.",
    "hr": "Dijeljenje 1: djelitelj je mjesto od 0 do 3.",
    "fr": "Donne 1 : le donneur est une place de 0 à 3.",
}
LANGUAGES = ["bg", "hr", "fr"]


def test_a_refusal_is_worded_in_the_language_it_is_read_in() -> None:
    with translation.override("en"):
        error = ServiceError("invalid", "Keep it under %(limit)s characters.", values={"limit": 9})
    with translation.override("fr"):
        assert error.message == "Restez sous 9 caractères."
    assert error.english == str(error) == "Keep it under 9 characters."


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_api_refusals_with_values_are_translated(language: str) -> None:
    table, users = people_table("bela")
    to_act = seat_to_act(table).user
    client = APIClient()
    client.force_authenticate(to_act)
    stale = client.post(
        f"/api/tables/{table.pk}/actions/", {"bid": "pass", "version": 10**6}, format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )  # fmt: skip
    assert stale.status_code == 409
    assert stale.json()["error"]["code"] == "stale_version"
    assert re.fullmatch(STALE[language], stale.json()["error"]["message"])
    unreadable = client.post(
        f"/api/tables/{table.pk}/actions/", "{", content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )  # fmt: skip
    assert unreadable.status_code == 400
    assert unreadable.json()["error"]["message"].startswith(NOT_JSON[language].split(". ")[1])


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_service_refusal_with_a_deal_number_is_translated(language: str) -> None:
    deck = [f"{rank}{suit}" for suit in "cdhs" for rank in "789TJQKA"]
    with pytest.raises(ServiceError) as refused:
        table_create(
            creator=make_user("dealer"), variant="bela", max_hands=1,
            deals=[{"deck": deck, "dealer": 9}],
        )  # fmt: skip
    with translation.override(language):
        assert refused.value.message == DEALER[language]


def _refusal(socket: ClientConnection) -> dict:
    message = recv_json(socket)
    while message["type"] != "error":
        message = recv_json(socket)
    return message


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", LANGUAGES)
def test_socket_refusals_with_values_are_in_the_socket_users_language(
    asgi_server: Server, language: str
) -> None:
    """The profile's language, not the browser's (French here) nor the server's."""
    table, users = people_table("bela")
    player = seat_to_act(table).user
    player.language = language
    player.save(update_fields=["language"])
    headers = {
        "Cookie": session_cookie(player),
        "Accept-Language": "fr" if language != "fr" else "hr",
    }
    with connect(
        f"{asgi_server.ws_url}/ws/tables/{table.pk}/", origin=asgi_server.url,  # type: ignore[arg-type]
        additional_headers=headers, open_timeout=10,
    ) as socket:  # fmt: skip
        assert recv_json(socket)["type"] == "snapshot"
        socket.send('{"type": "act", "action": {"bid": "pass"}, "version": 1000000}')
        stale = _refusal(socket)
        socket.send('{"type": "chat", "text": "%s"}' % ("x" * (CHAT_MAX_LENGTH + 1)))
        too_long = _refusal(socket)
        socket.send("{")
        unreadable = _refusal(socket)
    assert stale["code"] == "stale_version"
    assert re.fullmatch(STALE[language], stale["message"]), stale
    assert too_long["message"] == CHAT_TOO_LONG[language] % CHAT_MAX_LENGTH
    assert unreadable["code"] == "malformed_json"
    assert unreadable["message"].startswith(NOT_JSON[language]), unreadable
