"""One stacked Bela hand, played in the browser: the first card offers what it would announce,
an illegal card is explained, tricks stay on the felt long enough to read, and the result says
who took which contract with every point accounted for, beaten declarations apart."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.browser import click_and_wait
from tests.e2e.screen import code_words, seated_against_bots, seen_text, words_over_cards
from tests.games.factories import chosen_deal
from tests.helpers import Server, Worker, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# The person (seat 0) holds a tierce and the king and queen of hearts; Boris (seat 1) a
# quarte and Dario (seat 3) a quinte, which beat the tierce.
HANDS = [
    "7h 8h 9h Qh Kh Ac 8c 7d",
    "Ts Js Qs Ks 7c 9c Tc 9d",
    "Th Jh Ah 7s 9s As Qc Kc",
    "8s Jc 8d Td Jd Qd Kd Ad",
]
DEALER = 3
PAUSE_MS = 1500
# Times (page clock, ms) at which a trick's winner was shown and taken away, and the result.
WATCH_TRICKS = """() => {
  window.trickShown = [];
  window.resultAt = null;
  const now = () => performance.now();
  new MutationObserver(() => {
    const shown = document.getElementById("trick-winner") !== null;
    const last = window.trickShown[window.trickShown.length - 1];
    if (shown && (!last || last.off !== null)) window.trickShown.push({ on: now(), off: null });
    if (!shown && last && last.off === null) last.off = now();
    const ended = !document.getElementById("match-end").hidden;
    if (window.resultAt === null && ended) window.resultAt = now();
  }).observe(document.getElementById("table-app"), {
    childList: true, subtree: true, attributes: true,
  });
}"""


# The badge by the name of the seat whose card won the trick on the felt, if one did.
WINNERS_BADGE = """() => {
  const card = document.querySelector("#trick .played.winner");
  if (!card) return null;
  const where = [...card.classList].find((c) => c.startsWith("at-")).slice(3);
  return document.querySelector(`#pos-${where} .badge.leads`)?.textContent ?? "";
}"""


def stacked_deal() -> list[dict[str, object]]:
    return [chosen_deal("bela", HANDS, dealer=DEALER)]


def winners_named_by_their_seat(page: Page) -> bool:
    """If the felt shows a won trick: its winner is named by their seat, and no words lie
    over its cards. Whether it did."""
    said = page.evaluate(WINNERS_BADGE)
    if said is None:
        return False
    assert said == "wins the trick"
    assert words_over_cards(page) == []
    return True


def test_a_hand_told_in_words_paced_and_explained(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    seated_against_bots(
        page, asgi_server, "bela", "words",
        deals=stacked_deal(), max_hands=1, trick_pause_ms=PAUSE_MS,
    )  # fmt: skip
    page.evaluate(WATCH_TRICKS)
    page.locator('#bidding button[data-bid="hearts"]').click()

    # The first card: what it would announce, and who leads.
    offer = page.locator("#declare-options")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("Tierce (20) 7♥ 8♥ 9♥")
    heard = offer.locator(".visually-hidden")  # a list, heard as one
    expect(heard).to_contain_text("Tierce (20) seven of hearts, eight of hearts, nine of hearts")
    expect(offer).to_contain_text("Bela (20)")
    expect(page.locator("#pos-bottom .badge.leads")).to_be_visible()
    expect(page.locator("#contract [aria-hidden=true]")).to_have_text("Contract: ♥ Hearts by You")
    expect(page.locator("#contract .visually-hidden")).to_have_text("Contract: Hearts by You")
    facts = seen_text(page, "#facts")
    assert facts.count("Hearts") == 1, f"the trumps are named once: {facts}"
    page.screenshot(path=artifact_path("words-first-card.png"))
    click_and_wait(page, '#hand button[data-card="7h"]')
    expect(offer).to_be_hidden()

    # Play on; once an illegal card is offered, click it: the engine says why, by the hand.
    explained = False
    won_tricks_seen = 0
    deadline = time.monotonic() + 120
    while not page.locator("#match-end").is_visible():
        assert time.monotonic() < deadline, "the hand did not end in time"
        if winners_named_by_their_seat(page):
            won_tricks_seen += 1
            if won_tricks_seen == 1:
                page.screenshot(path=artifact_path("words-won-trick.png"))
        if not explained and page.locator("#hand button.illegal").count():
            page.locator("#hand button.illegal").first.click()
            expect(page.locator("#refusal")).to_be_visible()
            expect(page.locator("#refusal")).to_contain_text("You must")
            assert page.locator("#error").is_hidden()
            page.screenshot(path=artifact_path("words-refusal.png"))
            explained = True
        elif page.locator("#hand button.legal").count():
            click_and_wait(page, "#hand button.legal")
            # Its place is there from the deal on; once a trick is won, it says who won it.
            last = page.locator("#last-trick-cards")
            expect(last).to_contain_text(re.compile("Won by|No trick won yet this hand."))
        else:
            page.wait_for_timeout(50)
    assert explained, "an illegal card was offered at some point of this deal"
    assert won_tricks_seen, "a won trick was looked at on the felt"

    end = page.locator("#match-end")
    expect(end).to_contain_text("You took ♥ Hearts:")
    expect(end.locator("tr.beaten")).to_contain_text("Tierce (20): You")
    expect(end.locator("tr.scored").filter(has_text="Quarte (50)")).to_contain_text("Boris")
    expect(end.locator("tr.scored").filter(has_text="Quinte (100)")).to_contain_text("Dario")
    expect(end.locator("tr.scored").filter(has_text="Bela (20)")).to_contain_text("You")
    expect(end).to_contain_text("Last trick (in the card points)")
    assert code_words(page) == []
    page.screenshot(path=artifact_path("words-result.png"))

    # Each finished trick stayed on the felt about the table's pause, the last one included,
    # and the result came only after it.
    shown = page.evaluate("window.trickShown")
    assert len(shown) == 8, shown
    for trick in shown[:-1]:
        assert trick["off"] - trick["on"] >= PAUSE_MS * 0.9, shown
    assert page.evaluate("window.resultAt") - shown[-1]["on"] >= PAUSE_MS * 0.9
