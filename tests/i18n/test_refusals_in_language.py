"""Refusals that carry a value (a limit, a version, a deal's number) reach the API caller and
the socket's viewer in their own language, the value filled in; the code stays the same."""

from __future__ import annotations

import random
import re

import pytest
from django.utils import translation
from rest_framework.test import APIClient
from websockets.sync.client import ClientConnection, connect

from config.errors import ServiceError
from config.refusals import refusal_in_language
from games import rules
from games.rules.cards import CODES
from games.services import CHAT_MAX_LENGTH, table_create
from tests.accounts.factories import make_user
from tests.games.factories import people_table, seat_to_act
from tests.games.sockets import recv_json, session_cookie
from tests.helpers import Server

STALE = {
    "bg": r"Масата вече е напреднала \(версия \d+\); обновете и опитайте пак\.",
    "hr": r"Stol je već odmaknuo \(verzija \d+\); osvježite i pokušajte ponovno\.",
    "fr": r"La table a avancé \(version \d+\)\u00a0: actualisez et réessayez\.",
}
CHAT_TOO_LONG = {
    "bg": "Нека е под %s знака.",
    "hr": "Neka bude kraće od %s znakova.",
    "fr": "Restez sous %s caractères.",
}
NOT_JSON = {
    "bg": "Изпращайте JSON обекти като текст. Неправилен JSON: ",
    "hr": "Šaljite JSON objekte kao tekst. Neispravan JSON: ",
    "fr": "Envoyez des objets JSON en texte. JSON mal formé\u00a0: ",
}
DEALER = {
    "bg": "Раздаване 1: раздаващият е място от 0 до 3.",
    "hr": "Dijeljenje 1: djelitelj je mjesto od 0 do 3.",
    "fr": "Donne 1\u00a0: le donneur est une place de 0 à 3.",
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
        f"{asgi_server.ws_url}/ws/tables/{table.pk}/", origin=asgi_server.url,
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


BID_WORDS = ["pass", "double", "redouble", "coinche", "surcoinche", "take", "no_trumps",
             "all_trumps", "clubs", "hearts", "80 hearts", "capot spades", "nonsense"]  # fmt: skip


def engine_refusals(variant: str, seed: int) -> set[str]:
    """Every refusal the engine gives in one hand: each bid word and card tried at each turn."""
    rule_set = rules.get_variant(variant)
    found: set[str] = set()
    state = rules.HandState.new(variant, dealer=seed % 4, seed=seed)
    chooser = random.Random(seed)
    while state.to_act is not None:
        for word in [*BID_WORDS, *CODES, "Xx"]:
            try:
                bid = word in BID_WORDS
                action = rule_set.parse_bid(word) if bid else rules.parse_play(word)
                state.clone().apply(action, seat=state.to_act)
            except (rules.IllegalActionError, rules.MalformedActionError) as error:
                found.add(error.message)
        state.apply(chooser.choice(state.legal_actions()), seat=state.to_act)
    return found


@pytest.mark.parametrize("variant", sorted(rules.VARIANTS))
def test_the_engines_refusals_a_player_can_meet_are_translated(variant: str) -> None:
    """The engine is English only; config.refusals translates each of its messages, those
    that carry a value (a card, a suit) by their pattern."""
    refusals = set().union(*(engine_refusals(variant, seed) for seed in range(6)))
    assert len(refusals) > 5
    for language in LANGUAGES:
        with translation.override(language):
            untranslated = sorted(m for m in refusals if refusal_in_language(m) == m)
            translated = [refusal_in_language(m) for m in refusals]
        assert untranslated == [], language
        assert not [m for m in translated if "%(" in m], language
