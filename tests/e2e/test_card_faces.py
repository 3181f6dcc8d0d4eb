"""The cards in the viewer's language: a French player's deck prints V, D and R on its
corners, and a screen reader names each card ("dame de cœur"), where it spelled "Q" and a
symbol's name in every language."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.screen import seated_against_bots
from tests.games.factories import chosen_deal
from tests.helpers import Server, Worker, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The person (seat 0) holds the hearts' court cards; Coinche deals all eight at once.
HANDS = [
    "Jh Qh Kh Ah Th 9h 8c 7d",
    "Ts Js Qs Ks 7c 9c Tc 9d",
    "7h 8h Jc 7s 9s As Qc Kc",
    "8s Ac 8d Td Jd Qd Kd Ad",
]
# What each language prints on the jack's, queen's and king's corners, and how it names them.
FACES = {
    "en": (["J", "Q", "K"], ["jack of hearts", "queen of hearts", "king of hearts"]),
    "fr": (["V", "D", "R"], ["valet de cœur", "dame de cœur", "roi de cœur"]),
    "bg": (["J", "Q", "K"], ["вале купа", "дама купа", "поп купа"]),
}


def stacked_deal() -> list[dict[str, object]]:
    return [chosen_deal("coinche", HANDS, dealer=3)]


@pytest.mark.parametrize("language", sorted(FACES))
def test_the_cards_are_printed_and_named_in_the_viewers_language(
    page: Page, asgi_server: Server, celery_worker: Worker, language: str
) -> None:
    seated_against_bots(
        page, asgi_server, "coinche", f"faces-{language}", deals=stacked_deal(), max_hands=1
    )
    page.set_extra_http_headers({"Accept-Language": language})
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("#hand .card")).to_have_count(8)
    letters, names = FACES[language]
    for code, letter, name in zip(["Jh", "Qh", "Kh"], letters, names, strict=True):
        face = page.locator(f'#hand [data-card="{code}"] svg')
        expect(face.locator(".card-rank")).to_have_text(letter)
        expect(face).to_have_attribute("aria-label", name)
    ten = page.locator('#hand [data-card="Th"] svg')
    expect(ten.locator(".card-rank")).to_have_text("10")
    page.screenshot(path=artifact_path(f"card-faces-{language}.png"))
