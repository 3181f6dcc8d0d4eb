"""The site in Bulgarian, Croatian and French in a real browser: the lobby, a table in play in
the game's own words, a hand result, a tournament page and a how-to-play page, each fitting a
phone and a laptop, with screenshots in test-artifacts/."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from games.glossary import glossary
from games.services import table_create
from tests.e2e.browser import click_and_wait, off_the_browser_loop, sign_in
from tests.e2e.screen import (
    SIDEWAYS,
    SIZES,
    at_size,
    bid_a_contract,
    outside_viewport,
    split_words,
    wait_for_a_move,
)
from tests.games.factories import person
from tests.helpers import Server, Worker, artifact_path
from tests.i18n.catalogs import LOCALE, read_po
from tests.i18n.test_pages_in_every_language import english_sentences
from tests.tournaments.factories import ready_to_start

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# Each language with the rule set its players play.
GAMES = {"bg": "bulgarian", "hr": "bela", "fr": "coinche"}
TABLE = ["#pos-top", "#pos-left", "#pos-right", "#pos-bottom", "#trick", "#hand .card",
         "#scoreboard table", "#auction"]  # fmt: skip


@pytest.fixture
def localised(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page whose browser asks for the test's language first (Accept-Language)."""
    language = request.node.callspec.params["language"]
    context = browser.new_context(locale=language, viewport=SIZES["laptop"])
    page = context.new_page()
    yield page
    context.close()


def shoot(page: Page, name: str, selectors: list[str] | None = None) -> None:
    """A screenshot at each size; nothing wider than the screen, `selectors` inside it, no
    word of a table broken over two lines."""
    for size_name, size in SIZES.items():
        at_size(page, size)
        page.screenshot(path=artifact_path(f"lang-{name}-{size_name}.png"), full_page=not selectors)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], name
        assert split_words(page) == [], f"{name} {size_name}"
        if selectors:
            assert outside_viewport(page, selectors) == [], f"{name} {size_name}"


def english_left(page: Page, language: str) -> list[str]:
    """Messages of the table's script (and the pages') still in English on screen."""
    text = page.inner_text("body")
    return sorted(s for s in english_sentences(language) | script_sentences(language) if s in text)


def script_sentences(language: str) -> set[str]:
    """The script catalog's messages of two words or more, translated in `language`."""
    entries = read_po(LOCALE / language / "LC_MESSAGES" / "djangojs.po")
    return {
        e["msgid"]
        for e in entries
        if " " in e["msgid"] and "%(" not in e["msgid"] and e.get("msgstr") not in ("", e["msgid"])
    }


def play_until_the_hand_result(page: Page) -> dict[str, str]:
    """Bid and play on until a hand's result shows; the bid buttons seen (bid: words)."""
    seen: dict[str, str] = {}
    deadline = time.monotonic() + 240
    while True:
        move = wait_for_a_move(page, deadline)
        assert move != "match-end", "the match ended before a hand's result showed"
        if move == "summary":
            return seen
        if move == "bid":
            seen |= dict(
                page.eval_on_selector_all(
                    "#bidding button.bid",
                    "buttons => buttons.map((b) => [b.dataset.bid, b.innerText])",
                )
            )
            # Waits for the table to move past the bid: waiting for the bids to hide timed
            # out when three computer players bid and gave the turn back within a frame.
            bid_a_contract(page)
        else:
            click_and_wait(page, "#hand button.legal")


@pytest.mark.parametrize("language", sorted(GAMES))
def test_lobby_table_result_tournament_and_rules_in_the_players_language(
    localised: Page, asgi_server: Server, celery_worker: Worker, language: str
) -> None:
    page, variant = localised, GAMES[language]
    words = glossary(variant, language)
    player = person(f"lang-{language}")
    sign_in(page.context, asgi_server, player)

    table = off_the_browser_loop(
        table_create, creator=player, variant=variant, bot_seats=(1, 2, 3),
        bot_delay_ms=0, trick_pause_ms=0, turn_seconds=600,
    )  # fmt: skip
    page.goto(f"{asgi_server.url}/tables/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(f"a[href='/tables/{table.pk}/']").first).to_be_visible()
    shoot(page, f"{language}-lobby")
    assert english_left(page, language) == []

    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#table-app")).not_to_have_attribute("data-version", "-1")
    move = wait_for_a_move(page, time.monotonic() + 60)
    shoot(page, f"{language}-{variant}-table", TABLE if move != "summary" else None)
    assert english_left(page, language) == []
    assert page.locator(".badge.level").first.inner_text() != "Easy"
    bids = play_until_the_hand_result(page)
    shoot(page, f"{language}-{variant}-hand-result")
    assert english_left(page, language) == []
    for bid, label in bids.items():
        assert label.startswith(words.get(bid, label)), bids
    page.locator("#summary-close").click()
    page.locator("details.glossary summary").click()
    glossary_text = page.locator("details.glossary").inner_text()
    assert words["sweep"] in glossary_text and words["belot"] in glossary_text

    event, _people = off_the_browser_loop(ready_to_start, bot_entries=4, variant=variant)
    page.goto(f"{asgi_server.url}/tournaments/{event.pk}/")
    shoot(page, f"{language}-tournament")
    assert english_left(page, language) == []

    page.goto(f"{asgi_server.url}/rules/{variant}/")
    expect(page.locator("h1")).not_to_contain_text("How to play")
    rules_text = page.locator("main").inner_text()
    assert words["sweep"] in rules_text and words["belot"] in rules_text
    shoot(page, f"{language}-{variant}-how-to-play")
    assert english_left(page, language) == []


@pytest.mark.parametrize("size_name", sorted(SIDEWAYS))
@pytest.mark.parametrize("language", ["en", *sorted(GAMES)])
def test_a_phone_held_sideways_keeps_the_site_header_to_one_short_line(
    localised: Page, asgi_server: Server, language: str, size_name: str
) -> None:
    # The table takes the height the header leaves: the header's one or two tall lines took
    # 53 to 91 pixels of a sideways phone's 390 from the felt and the cards (and two short
    # lines, 44 pixels, of a smaller phone's 375 in English and French).
    page = localised
    size = SIDEWAYS[size_name]
    sign_in(page.context, asgi_server, person(f"sideways-{language}"))
    page.set_viewport_size(size)
    page.goto(f"{asgi_server.url}/tables/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("header nav form button")).to_be_visible()  # signed in: every item
    page.screenshot(path=artifact_path(f"lang-{language}-header-{size_name}.png"))
    header = page.locator("header").bounding_box()
    assert header is not None and header["height"] <= 32, header
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]


@pytest.mark.parametrize("language", ["bg"])
def test_the_switch_changes_the_language_and_keeps_it(
    localised: Page, asgi_server: Server, language: str
) -> None:
    page = localised
    page.goto(f"{asgi_server.url}/rules/bela/")
    expect(page.locator("html")).to_have_attribute("lang", "bg")
    page.get_by_label("Език").select_option("hr")
    page.get_by_role("button", name="Смени").click()
    expect(page.locator("html")).to_have_attribute("lang", "hr")
    assert page.url.endswith("/rules/bela/")
    page.goto(f"{asgi_server.url}/tables/")
    expect(page.locator("h1").first).not_to_have_text("Play")
    expect(page.locator("html")).to_have_attribute("lang", "hr")


def test_a_guest_is_named_in_each_viewers_language(
    browser: Browser, asgi_server: Server, celery_worker: Worker
) -> None:
    # The name rides on the table's events, made once for every viewer: the page, not the
    # server, must put it in its viewer's language.
    host = person("host")
    table = off_the_browser_loop(
        table_create, creator=host, variant="bela", bot_seats=(1, 3), turn_seconds=3600
    )
    player = browser.new_context(locale="fr", viewport=SIZES["phone"])
    guest_page = player.new_page()
    guest_page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    guest_page.get_by_role("button", name="S'asseoir ici").click()  # the last seat: dealt
    expect(guest_page.locator("#hand .card").first).to_be_visible()
    watcher = browser.new_context(locale="hr", viewport=SIZES["phone"])
    page = watcher.new_page()
    page.goto(guest_page.url)
    expect(page.locator("#connection")).to_have_text("Povezano.")
    expect(page.locator("#pos-top .seat-name strong")).to_have_text("Gost")
    expect(page.locator("#scoreboard")).to_contain_text("host i Gost")
    # On a phone the message field spans the chat and Send is finger-sized.
    field = guest_page.locator("#chat-text").bounding_box()
    form = guest_page.locator("#chat-form").bounding_box()
    send = guest_page.locator("#chat-form button").bounding_box()
    assert field is not None and form is not None and field["width"] >= form["width"] * 0.6
    assert send is not None and send["height"] >= 44, send
    guest_page.locator("#chat-text").fill("Bonjour")
    guest_page.locator("#chat-form button").click()
    expect(page.locator("#chat-lines li").first).to_have_text(
        re.compile(r"\d\d:\d\d Gost: Bonjour$")
    )
    own_line = guest_page.locator("#chat-lines li").first
    expect(own_line).to_be_visible()
    # The colon kept to the name by a no-break space.
    assert (own_line.text_content() or "").endswith(" Invité\u00a0: Bonjour")
    assert "Invité" not in page.inner_text("body") and "Guest" not in page.inner_text("body")
    player.close()
    watcher.close()
