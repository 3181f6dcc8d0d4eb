"""Choosing a language: Accept-Language first, the switch (cookie, profile), refusals."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from config.language import language_of_scope
from config.refusals import refusal_in_language
from games.choices import variant_label
from games.glossary import KEY_TERMS, glossary
from games.rules import VARIANTS
from tests.accounts.factories import make_user
from tests.games.factories import bot_table, people_table, seat_to_act

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("header", "words"),
    [("bg,en;q=0.5", "Играйте сега"), ("hr-HR", "Igrajte sada"), ("fr-FR,fr", "Jouer maintenant")],
)
def test_the_browser_language_is_spoken_first(client: Client, header: str, words: str) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=header).content.decode()
    assert f'<html lang="{header[:2]}">' in page
    assert words in page


def test_the_switch_is_remembered_in_a_cookie_and_on_the_profile(client: Client) -> None:
    player = make_user("marie")
    client.force_login(player)
    response = client.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert response.status_code == 302
    assert response.cookies["django_language"].value == "fr"
    player.refresh_from_db()
    assert player.language == "fr"
    elsewhere = Client()
    elsewhere.force_login(player)
    assert "Jouer maintenant" in elsewhere.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_an_unknown_language_changes_nothing(client: Client) -> None:
    player = make_user("ivan")
    client.force_login(player)
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    player.refresh_from_db()
    assert player.language == ""


@pytest.mark.parametrize(
    ("language", "expected"),
    [("bg", "Трябва да обявите повече от 90"), ("fr", "Vous devez annoncer plus de 90")],
)
def test_engine_refusals_are_translated_with_their_values(language: str, expected: str) -> None:
    with translation.override(language):
        assert refusal_in_language("You must bid more than 90") == expected


@pytest.mark.parametrize("variant", sorted(KEY_TERMS))
@pytest.mark.parametrize("language", ["en", "bg", "hr", "fr"])
def test_each_rule_set_shows_its_own_words_on_its_table(
    client: Client, variant: str, language: str
) -> None:
    table = bot_table(variant)
    page = client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    words = glossary(variant, language)
    for key in KEY_TERMS[variant]:
        assert words[key] in page, (variant, language, key)


def test_bulgarian_belot_speaks_bulgarian_and_bela_croatian() -> None:
    assert {"Коз", "Без коз", "Всичко коз", "Контра", "Реконтра", "Валат"} <= set(
        glossary("bulgarian", "bg").values()
    )
    assert {"Adut", "Zvanja", "Bela", "Belot", "Štiglja", "Dalje"} <= set(
        glossary("bela", "hr").values()
    )
    assert {"Contrat", "Coinche", "Surcoinche", "Capot", "Sans atout", "Tout atout"} <= set(
        glossary("coinche", "fr").values()
    )


@pytest.mark.parametrize("variant", sorted(KEY_TERMS))
@pytest.mark.parametrize("language", ["en", "bg", "hr", "fr"])
def test_how_to_play_page_exists_per_rule_set_and_language(
    client: Client, variant: str, language: str
) -> None:
    page = client.get(f"/rules/{variant}/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    assert glossary(variant, language)["sweep"] in page.content.decode()


def test_api_refusals_speak_the_callers_language_and_keep_their_code() -> None:
    table, users = people_table("bela")
    table.refresh_from_db()
    waiting = next(u for u in users if u.pk != seat_to_act(table).user_id)
    client = APIClient()
    client.force_authenticate(waiting)
    refused = client.post(
        f"/api/tables/{table.pk}/actions/", {"bid": "pass"}, format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )  # fmt: skip
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] == "out_of_turn"
    assert re.fullmatch(r"C'est au tour de la place \d", error["message"]), error


@pytest.mark.parametrize(
    ("headers", "user_language", "expected"),
    [
        ([(b"accept-language", b"hr-HR,hr;q=0.9,en;q=0.5")], "", "hr"),
        ([(b"accept-language", b"hr"), (b"cookie", b"django_language=bg")], "", "bg"),
        ([(b"cookie", b"django_language=bg")], "fr", "fr"),
        ([(b"accept-language", b"de-DE")], "", "en"),
    ],
)
def test_a_socket_speaks_as_its_page_would(
    headers: list[tuple[bytes, bytes]], user_language: str, expected: str
) -> None:
    user = make_user(f"socket-{expected}-{len(headers)}", language=user_language)
    assert language_of_scope({"headers": headers, "user": user}) == expected


def test_the_profile_time_zone_wins_over_the_browsers(client: Client) -> None:
    player = make_user("zagreb", time_zone="Europe/Zagreb")
    client.force_login(player)
    client.cookies["tz"] = "America/New_York"
    form = client.get("/tournaments/new/").content.decode()
    assert "In your time zone (Europe/Zagreb)." in form


def test_the_profile_keeps_a_language_and_a_known_time_zone_only(client: Client) -> None:
    player = make_user("sofia")
    client.force_login(player)
    fields = {"display_name": "Sofia", "country": "BG", "preferred_variant": "bulgarian"}
    refused = client.post(
        "/accounts/profile/", {**fields, "language": "bg", "time_zone": "Mars/Olympus"}
    )
    assert refused.status_code == 200
    player.refresh_from_db()
    assert player.time_zone == "" and player.language == ""
    client.post("/accounts/profile/", {**fields, "language": "bg", "time_zone": "Europe/Sofia"})
    player.refresh_from_db()
    assert (player.language, player.time_zone) == ("bg", "Europe/Sofia")
    assert "Вашият профил" in client.get("/accounts/profile/").content.decode()


def test_the_apis_own_errors_are_translated_too() -> None:
    missing = Client().get("/api/no-such-thing/", HTTP_ACCEPT_LANGUAGE="hr")
    assert missing.status_code == 404
    assert missing.json()["error"] == {
        "code": "not_found",
        "message": "Nema API adrese /api/no-such-thing/.",
        "fields": {},
    }


@pytest.mark.parametrize("language", ["en", "bg", "hr", "fr"])
def test_each_rule_set_has_one_name(client: Client, language: str) -> None:
    """Coinche the rule set and coinche the call shared one message: Bulgarian named the game
    "Контра" (the call) on every page but "коанш" in the footer, Croatian "Kontra" and
    "coinche"."""
    home = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    footer = re.search(r"<footer.*?</footer>", home, re.S).group(0)
    with translation.override(language):
        names = [variant_label(variant) for variant in VARIANTS]
    assert [name for name in names if name.casefold() not in footer.casefold()] == []
