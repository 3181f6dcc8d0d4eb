"""A played card slides in from its player's place, and a won trick goes to its winner: cards
that appeared and vanished at once in the middle gave no sign of who played or took them. A
whole trick drawn at once (opening the page, a reconnect) does not move, and a player who asks
for less motion sees none."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.screen import PHONE, seated_against_bots, wait_for_a_move
from tests.helpers import Server, Worker, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Every motion the page gives a card of the trick: its classes, where it starts and ends, and
# the places (a seat's, or the person's hand) that hold its start's and its end's middle then.
RECORD_MOTIONS = """window.motions = [];
const animate = Element.prototype.animate;
const placesAt = (card, transform) => {
  const box = card.getBoundingClientRect();
  const [dx, dy] = (transform.match(/-?\\d+(?=px)/g) ?? [0, 0]).map(Number);
  const [x, y] = [box.left + box.width / 2 + dx, box.top + box.height / 2 + dy];
  return [...document.querySelectorAll(".seat, #hand")].filter((place) => {
    const r = place.getBoundingClientRect();
    return r.left <= x && x <= r.right && r.top <= y && y <= r.bottom;
  }).map((place) => place.id);
};
Element.prototype.animate = function (frames, options) {
  if (this.closest("#trick")) {
    const [first, last] = [frames[0].transform, frames[frames.length - 1].transform];
    window.motions.push({ classes: this.className, first, last,
      from: placesAt(this, first), seats: placesAt(this, last) });
  }
  return animate.call(this, frames, options);
};"""
TRANSLATE = re.compile(r"translate\((-?\d+)px, (-?\d+)px\)")


def play_a_few_moves(page: Page, moves: int) -> None:
    """Bid and play as a hurried person would: take the contract, play the first legal card."""
    deadline = time.monotonic() + 60
    for _ in range(moves):
        move = wait_for_a_move(page, deadline)
        version = page.locator("#table-app").get_attribute("data-version")
        if move == "bid":
            page.locator("#bidding button.bid:enabled:not([data-bid=pass])").first.click()
        elif move == "play":
            page.locator("#hand button.legal").first.click()
        elif move == "summary":  # a hand is over: on to the next (the table does not wait)
            page.locator("#summary button").last.click()
            continue
        else:
            raise AssertionError("the match ended")
        expect(page.locator("#table-app")).not_to_have_attribute("data-version", str(version))


def play_until_cards_are_on_the_felt(page: Page) -> None:
    """Move on until the felt shows a card (the person may lead a trick, or a new hand)."""
    for _ in range(8):
        if page.locator("#trick .played").count():
            return
        play_a_few_moves(page, 1)
    raise AssertionError("no card reached the felt")


def slides(page: Page) -> list[tuple[str, list[str]]]:
    """Each card slid in so far: its place (bottom, right, top, left) and the places its start's
    middle lay in."""
    found = []
    for motion in page.evaluate("window.motions"):
        if "played" not in motion["classes"].split():
            continue
        place = re.search(r"at-(\w+)", motion["classes"])
        assert place and TRANSLATE.match(motion["first"]), motion
        found.append((place[1], motion["from"]))
    return found


def gathered_to(page: Page, *, turned: bool = False) -> list[list[str]]:
    """Where each card of a won trick went (with `turned`: each turned card, taken at the end
    of French Belote's auction): the seats whose place holds its end."""
    motions = page.evaluate("window.motions")
    return [
        motion["seats"]
        for motion in motions
        if "gathered" in (classes := motion["classes"].split())
        and ("turned-card" in classes) == turned
    ]


def motions_recorded(browser: Browser, server: Server, motion: str) -> Page:
    """A phone page, recording its cards' motions, of a person seated against computers; the
    person asks for `motion` ("no-preference" or "reduce")."""
    context = browser.new_context(viewport=PHONE, reduced_motion=motion)
    context.add_init_script(RECORD_MOTIONS)
    page = context.new_page()
    seated_against_bots(page, server, "belote", f"mila-{motion}", trick_pause_ms=200)
    return page


def test_a_played_card_comes_from_its_player(
    browser: Browser, asgi_server: Server, celery_worker: Worker
) -> None:
    page = motions_recorded(browser, asgi_server, "no-preference")
    play_a_few_moves(page, 10)
    seen = slides(page)
    page.screenshot(path=artifact_path("card-motion.png"))
    assert {place for place, _ in seen} == {"bottom", "right", "top", "left"}, seen
    # The person's card from their hand, anyone else's from their place (the cards they hold).
    for place, start in seen:
        assert start == (["hand"] if place == "bottom" else [f"pos-{place}"]), (place, start)

    # Each won trick went to one seat, the cards one after another, and left the page.
    gone = gathered_to(page)
    assert gone and len(gone) % 4 == 0, gone
    for trick in range(0, len(gone), 4):
        seats = gone[trick : trick + 4]
        assert len(seats[0]) == 1 and all(seat == seats[0] for seat in seats), seats
    page.wait_for_function("() => !document.querySelector('#trick .gathered')")
    # The turned card went to the one who took it.
    assert gathered_to(page, turned=True), "no turned card was taken"
    assert all(len(seats) == 1 for seats in gathered_to(page, turned=True))

    # Opened again with cards on the felt (a reconnect draws the same way): they stand still.
    play_until_cards_are_on_the_felt(page)
    page.reload()
    expect(page.locator("#connection")).to_have_text("Connected.")
    expect(page.locator("#trick .played").first).to_be_visible()
    assert page.evaluate("window.motions") == []
    page.context.close()


def test_less_motion_asked_for_none_given(
    browser: Browser, asgi_server: Server, celery_worker: Worker
) -> None:
    page = motions_recorded(browser, asgi_server, "reduce")
    play_a_few_moves(page, 10)
    play_until_cards_are_on_the_felt(page)
    assert page.evaluate("window.motions") == []
    page.context.close()
