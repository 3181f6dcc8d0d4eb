"""axe-core in the browser finds no serious accessibility violation on the lobby, the table,
a replay and the tournament pages; the table plays from the keyboard and speaks its moves."""

from __future__ import annotations

import re
import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e.browser import current_version, off_the_browser_loop
from tests.e2e.screen import (
    PHONE,
    SIZES,
    at_size,
    make_the_move,
    seated_against_bots,
    signs_heard,
    wait_for_a_move,
)
from tests.games.factories import bot_table, play_bots_to_end
from tests.helpers import Server, Worker, artifact_path
from tests.tournaments.factories import play_deals, ready_to_start
from tournaments import services as tournament_services
from tournaments.models import Round, Tournament
from tournaments.rounds import round_finalize, round_start

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands, one line each."""
    results = Axe().run(page)
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])}x, e.g. {v['nodes'][0]['target']})"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


# Everything the live region says, kept (it shows only its last few lines).
LISTEN = """() => {
  window.announced = [];
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(
    (node) => window.announced.push(node.textContent)))).observe(
    document.getElementById("announcer"), { childList: true });
}"""
CARD_COLOURS = """() => [...document.querySelectorAll("#hand .card")].map((card) => [
  getComputedStyle(card.querySelector(".card-rank")).fill,
  getComputedStyle(card.querySelector(".card-bg")).fill,
])"""


def luminance(rgb: str) -> float:
    """WCAG relative luminance of a CSS rgb() colour."""
    channels = [int(part) / 255 for part in rgb[rgb.index("(") + 1 : -1].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def check_card_contrast(page: Page) -> None:
    """Cards that cannot be played now are shaded; their rank and suit still read at 4.5:1."""
    for text, background in page.evaluate(CARD_COLOURS):
        assert contrast(text, background) >= 4.5, (text, background)


def check_both_sizes(page: Page, name: str) -> None:
    for size_name, size in SIZES.items():
        at_size(page, size)
        assert serious_violations(page) == [], f"{name} at {size_name}"
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], name


def a_tournament_under_way(**settings: object) -> Tournament:
    """An event whose first round is played: standings or a bracket, pairings and tables."""
    event, _ = ready_to_start(bot_entries=4, **settings)
    tournament_services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = Round.objects.get(tournament=event, number=1)
    round_start(round_id=round_.pk)
    for table in round_.tables.all():
        play_deals(table.table, 1)
    round_finalize(round_id=round_.pk)
    return event


def test_lobby_replay_and_tournament_pages_pass_axe(page: Page, asgi_server: Server) -> None:
    table = off_the_browser_loop(lambda: play_bots_to_end(bot_table("bela", target=501)))
    event = off_the_browser_loop(a_tournament_under_way, swiss_rounds=2)
    bracket = off_the_browser_loop(
        a_tournament_under_way, format=Tournament.Format.SINGLE_ELIMINATION
    )
    page.goto(f"{asgi_server.url}/tables/")
    check_both_sizes(page, "lobby")
    page.goto(f"{asgi_server.url}/tables/{table.pk}/hands/")
    check_both_sizes(page, "hand list")
    page.goto(f"{asgi_server.url}/tables/{table.pk}/hands/1/?step=20")
    check_both_sizes(page, "replay")
    page.goto(f"{asgi_server.url}/players/bot-easy/")  # who played the table's four seats
    expect(page.locator("table.stacked tbody tr").first).to_be_attached()
    check_both_sizes(page, "player")
    page.goto(f"{asgi_server.url}/tournaments/")
    check_both_sizes(page, "tournaments")
    page.goto(f"{asgi_server.url}/tournaments/{event.pk}/")
    check_both_sizes(page, "tournament")
    page.screenshot(path=artifact_path("tournament-phone.png"), full_page=True)
    page.goto(f"{asgi_server.url}/tournaments/{bracket.pk}/")
    check_both_sizes(page, "bracket")
    page.screenshot(path=artifact_path("bracket-phone.png"), full_page=True)


def test_the_table_plays_from_the_keyboard_and_passes_axe(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    seated_against_bots(page, asgi_server, "bulgarian", "keys", trick_pause_ms=0)
    page.set_viewport_size(PHONE)
    page.evaluate(LISTEN)
    # Whatever comes first, the keyboard is on it: the first bid or the first playable card.
    first = page.locator("#bidding button.bid, #hand button.legal").first
    expect(first).to_be_focused()
    check_both_sizes(page, "table")
    check_card_contrast(page)
    # Bids: the arrow key moves to the first contract, Enter bids it; on till the cards.
    deadline = time.monotonic() + 60
    while not page.locator("#hand button.legal").count():
        assert time.monotonic() < deadline, "no card to play in time"
        if page.locator("#summary").is_visible():
            page.keyboard.press("Escape")
        elif page.evaluate("document.activeElement.matches('#bidding button.bid')"):
            before = current_version(page)
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            # The table moves past the bid. Not "the focus leaves the bids": three computer
            # players may bid and give the turn back before the page draws a frame.
            page.wait_for_function(
                f"Number(document.getElementById('table-app').dataset.version) > {before}"
            )
        else:
            page.wait_for_timeout(50)
    # Cards: arrow keys walk the hand, Enter plays; the focus comes back to the hand.
    expect(page.locator("#hand button.legal").first).to_be_focused(timeout=10_000)
    hand_before = page.locator("#hand .card").count()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(page.locator("#hand .card")).to_have_count(hand_before - 1)
    page.wait_for_function("window.announced.some((line) => line.startsWith('You play'))")
    expect(page.locator("#hand button.legal").first).to_be_focused(timeout=10_000)
    check_both_sizes(page, "table while playing")
    check_card_contrast(page)

    # Play the hand out from the keyboard; its summary takes the focus, Escape gives it back.
    deadline = time.monotonic() + 90
    while not page.locator("#summary").is_visible():
        assert time.monotonic() < deadline, "no summary in time"
        if page.evaluate("document.activeElement.matches('#hand button.legal')"):
            page.keyboard.press("Enter")
            page.wait_for_timeout(100)
        else:
            page.wait_for_timeout(50)
    expect(page.locator("#summary-close")).to_be_focused()
    assert serious_violations(page) == [], "the hand's summary"
    said = page.evaluate("window.announced")
    assert any(re.search(r" took .+: |Thrown in", line) for line in said), said
    assert any(re.search(r"wins? the trick", line) for line in said), said
    # Suits in words: a screen reader may skip "♠" ("Boris: 100") or read it in English.
    assert any(re.search(r"^\w+: ", line) for line in said), "the bids are heard"
    assert [line for line in said if re.search("[♣♦♥♠×]", line)] == []
    assert signs_heard(page, "body") == []  # the contract, the auction, calls, the summary
    page.keyboard.press("Escape")
    expect(page.locator("#summary")).to_be_hidden()


def test_a_screen_reader_hears_the_turned_card_of_each_deal(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    # French Belote's auction is about the turned card: the eye sees it on the felt, the ear
    # heard only "New hand dealt" and then bids of "Take Spades".
    seated_against_bots(page, asgi_server, "belote", "hearer", trick_pause_ms=0)
    page.evaluate(LISTEN)
    deadline = time.monotonic() + 120
    while not (heard := [line for line in page.evaluate("window.announced") if "Turned" in line]):
        move = wait_for_a_move(page, deadline)
        assert move != "match-end", "the match ended before a second deal"
        make_the_move(page, move)
    assert re.fullmatch(r"Turned card: \w+ of \w+\.", heard[0]), heard
