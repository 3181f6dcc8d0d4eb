"""A finished hand replayed on the felt, without reloading: the four hands, the auction, each
trick, arrow keys and autoplay, a link to the step shown, the result only at the end."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import Table, TableEvent
from games.queries import hand_rebuild
from tests.e2e.browser import off_the_browser_loop
from tests.e2e.screen import LAPTOP, PHONE, code_words, outside_viewport, signs_heard
from tests.games.factories import bot_table, play_bots_to_end
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("variant", ["bulgarian", "coinche"])
def test_a_finished_hand_replays_step_by_step_in_the_page(
    page: Page, asgi_server: Server, variant: str
) -> None:
    house_rules = {"target": 1000} if variant == "coinche" else {}
    table = off_the_browser_loop(lambda: play_bots_to_end(bot_table(variant, **house_rules)))
    played = TableEvent.objects.filter(table=table, kind="play").order_by("version").first()
    number = played.hand
    steps = TableEvent.objects.filter(table=table, hand=number, kind__in=["bid", "play"]).count()
    page.goto(f"{asgi_server.url}/tables/{table.pk}/hands/")
    page.get_by_role("link", name=f"Replay hand {number}", exact=True).click()
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-step", "0")
    expect(page.locator("#replay-action")).to_contain_text("deals")
    expect(page.locator("#pos-bottom .replay-hand .card")).to_have_count(
        5 if variant == "bulgarian" else 8
    )
    expect(page.locator("#replay-result")).to_be_hidden()
    page.evaluate("window.notReloaded = true")

    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-step", "1")
    expect(page.locator("#replay-action")).to_contain_text("bids")
    expect(page.locator("#auction td[data-seat]")).to_have_count(1)
    assert "step=1" in page.url
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-step", str(steps))
    expect(page.locator("#replay-result")).to_be_visible()
    expect(page.locator("#replay-result")).to_contain_text("Match score")
    # Suits and cards in words for a screen reader: the contract, the action, the result.
    assert signs_heard(page, "#replay") == []
    page.screenshot(path=artifact_path(f"replay-{variant}-result.png"), full_page=True)
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-result")).to_be_hidden()
    assert code_words(page) == []

    # The link names the step; autoplay walks on by itself; nothing reloaded the page.
    middle = steps - 10
    page.goto(f"{asgi_server.url}/tables/{table.pk}/hands/{number}/?step={middle}")
    expect(replay).to_have_attribute("data-step", str(middle))
    expect(page.locator("#trick .played").first).to_be_visible()
    assert signs_heard(page, "#replay") == []  # "Boris plays the queen of hearts", not "Q♥"
    page.set_viewport_size(PHONE)
    page.screenshot(path=artifact_path(f"replay-{variant}-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert outside_viewport(page, ["#replay-next", "#replay-play"]) == []
    # Stepping is what a phone's thumb does here: each control finger-sized.
    heights = page.locator(".replay-controls button").evaluate_all(
        "buttons => buttons.map((b) => b.getBoundingClientRect().height)"
    )
    assert min(heights) >= 44, heights
    page.evaluate("window.notReloaded = true")
    page.locator("#replay-play").click()
    expect(replay).not_to_have_attribute("data-step", str(middle), timeout=5_000)
    assert page.evaluate("window.notReloaded") is True


def a_taken_hand_replayed(page: Page, server: Server, variant: str) -> tuple[str, list[Any], int]:
    """A bots' match's first hand someone took (all four may pass, and the cards are dealt
    again), opened in the replay: its address, its frames, and the step of its first card."""
    table = off_the_browser_loop(lambda: play_bots_to_end(bot_table(variant)))
    number = TableEvent.objects.filter(table=table, kind="play").earliest("version").hand
    address = f"{server.url}/tables/{table.pk}/hands/{number}/"
    page.goto(address)
    frames = page.evaluate("JSON.parse(document.getElementById('replay-frames').textContent)")
    first_card = next(i for i, f in enumerate(frames) if f["view"]["phase"] == "playing")
    return address, frames, first_card


def replay_at(page: Page, address: str, step: int) -> None:
    """The replay at `address`, opened at `step`."""
    page.goto(f"{address}?step={step}")
    expect(page.locator("#replay")).to_have_attribute("data-step", str(step))


def test_a_belote_replay_shows_the_turned_card_while_the_auction_runs(
    page: Page, asgi_server: Server
) -> None:
    address, frames, first_card = a_taken_hand_replayed(page, asgi_server, "belote")
    turned = frames[0]["view"]["turned"]
    suit = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}[turned[1]]
    shown = page.locator("#trick .turned-card svg[role=img]")
    expect(shown).to_have_attribute("aria-label", re.compile(f"of {suit}$"))
    replay_at(page, address, first_card)
    expect(page.locator("#trick .turned-card")).to_have_count(0)  # taken, in a hand now


def a_hand_with_a_scored_declaration() -> tuple[Table, int]:
    """A French Belote match of bots and one of its hands where a declaration scored: nearly
    every match of random deals has one, not every one (a short match may not)."""
    for _ in range(10):
        table = play_bots_to_end(bot_table("belote"))
        for number in TableEvent.objects.filter(table=table, kind="hand_end").values_list(
            "hand", flat=True
        ):
            hand = hand_rebuild(table_id=table.pk, number=number)
            if hand is not None and any(d["scored"] for d in hand.public_view()["declarations"]):
                return table, number
    raise AssertionError("ten matches without a scored declaration")


def test_a_french_result_names_each_declarer_with_french_punctuation(
    page: Page, asgi_server: Server
) -> None:
    """Before, the declaration rows were put together in code: "Tierce (20): Ana" in French."""
    table, number = off_the_browser_loop(a_hand_with_a_scored_declaration)
    page.set_extra_http_headers({"Accept-Language": "fr"})
    page.goto(f"{asgi_server.url}/tables/{table.pk}/hands/{number}/")
    expect(page.locator("#replay-action")).not_to_be_empty()
    page.keyboard.press("End")
    result = page.locator("#replay-result")
    expect(result).to_contain_text("Score du match")
    expect(result.locator("tr.scored").first).to_contain_text(re.compile(r"\(\d+\)\s: \w"))


def test_every_hands_replay_link_is_in_reach_on_a_phone_in_bulgarian(
    browser: Browser, asgi_server: Server
) -> None:
    # Bulgarian's words are the longest: if its list fits, the others do.
    table = off_the_browser_loop(lambda: play_bots_to_end(bot_table("bulgarian")))
    context = browser.new_context(locale="bg", viewport=PHONE)
    page = context.new_page()
    page.goto(f"{asgi_server.url}/tables/{table.pk}/hands/")
    links = page.locator("main table tbody a")
    expect(links.first).to_be_visible()
    rights = [
        box["x"] + box["width"] for box in (link.bounding_box() for link in links.all()) if box
    ]
    page.screenshot(path=artifact_path("hands-phone-bg.png"), full_page=True)
    assert len(rights) == links.count() and max(rights) <= PHONE["width"], rights
    widths = page.evaluate(
        "[...document.querySelectorAll('main table')].map(t => [t.scrollWidth, t.clientWidth])"
    )
    assert all(whole <= shown for whole, shown in widths), f"the table scrolls: {widths}"
    context.close()


def test_the_controls_hold_one_row_of_a_laptop_in_every_language(
    browser: Browser, asgi_server: Server
) -> None:
    # In Bulgarian and Croatian "Copy link" fell to a second row at 1366 px.
    table = off_the_browser_loop(lambda: play_bots_to_end(bot_table("bulgarian")))
    number = TableEvent.objects.filter(table=table, kind="play").values("hand").first()["hand"]
    for language in ("en", "bg", "hr", "fr"):
        context = browser.new_context(locale=language, viewport=LAPTOP)
        page = context.new_page()
        page.goto(f"{asgi_server.url}/tables/{table.pk}/hands/{number}/?step=12")
        expect(page.locator("#replay-position")).not_to_be_empty()
        rows = page.locator(".replay-controls > *").evaluate_all(
            "items => items.map((item) => Math.round(item.getBoundingClientRect().bottom))"
        )
        assert max(rows) - min(rows) < 20, (language, rows)
        page.screenshot(path=artifact_path(f"replay-controls-{language}.png"))
        context.close()
