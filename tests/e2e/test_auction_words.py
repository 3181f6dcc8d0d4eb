"""Every call of every rule set, in every language, readable in the auction's grid on a phone
and a laptop: French's "Je prends ♥" showed as "Je pre…" on a phone, the suit it takes cut
off. A call wraps between its words, never inside one, and its suit and number always show;
a call with a word too long for its column (a phone's "Surcoinche", "Реконтра") shows its
short form ("×4") instead of "Surcoi…", and a screen reader still reads its words: every suit
sign and multiplier in words ("100 Spades", not "100 ♠", which it may skip)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.screen import SIGNS, SIZES, split_words
from tests.games.factories import bot_table
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Each kind of call the auction can hold, its longest form: the table's own module draws them.
EVERY_CALL = ["take", "pass", "hearts", "spades", "diamonds", "clubs", "no_trumps",
              "all_trumps", "double", "redouble", "coinche", "surcoinche", "capot hearts",
              "160 spades", "take", "pass"]  # fmt: skip

DRAW_EVERY_CALL = """async (bids) => {
  const src = document.querySelector("script[type=module]").src;
  const { auctionTable } = await import(new URL("auction.js", src).href);
  const view = { dealer: 3, turned: "Ah", bids: bids.map((bid, i) => ({ seat: i % 4, bid })) };
  document.getElementById("auction").replaceChildren(
    auctionTable(view, (seat) => ["Chloé", "Boris", "Dario", "Alex"][seat]));
}"""

WORDS_OF_EVERY_CALL = """async (bids) => {
  const src = document.querySelector("script[type=module]").src;
  const { bidWords, spoken } = await import(new URL("words.js", src).href);
  return bids.map((bid) => [bidWords(bid, "Ah"), spoken(bidWords(bid, "Ah"))]);
}"""

# Suit signs and numbers of calls that their cell does not show whole.
HIDDEN_SIGNS = """() => {
  const hidden = [];
  for (const cell of document.querySelectorAll("#auction td")) {
    const box = cell.getBoundingClientRect();
    const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (node.parentElement.closest(".visually-hidden, [hidden]")) continue;  // read, not shown
      for (const sign of node.textContent.matchAll(/[♠♥♦♣0-9]/gu)) {
        const range = document.createRange();
        range.setStart(node, sign.index);
        range.setEnd(node, sign.index + sign[0].length);
        const shown = [...range.getClientRects()].some((r) => r.width > 0
          && r.left >= box.left - 0.5 && r.right <= box.right + 0.5
          && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5);
        if (!shown) hidden.push(`${sign[0]} of ${cell.textContent}`);
      }
    }
  }
  return hidden;
}"""

# Cells whose shown words overflow their column (cut off, or ended in an ellipsis), to the
# fraction of a pixel: scrollWidth rounds, and "Diamonds" 0.3 px too wide passed as whole.
CUT_CELLS = """() => [...document.querySelectorAll("#auction td")].filter((cell) => {
  const style = getComputedStyle(cell);
  const room = cell.getBoundingClientRect().width - parseFloat(style.paddingLeft)
    - parseFloat(style.paddingRight) - parseFloat(style.borderLeftWidth)
    - parseFloat(style.borderRightWidth);
  const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (node.parentElement.closest(".visually-hidden, [hidden]")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some((line) => line.width > room + 0.01)) return true;
  }
  return false;
}).map((cell) => cell.textContent)"""

# What a screen reader reads of each cell: its shown text, less what is hidden from it.
CELLS_READ = """() => [...document.querySelectorAll("#auction td")].map((cell) => {
  const copy = cell.cloneNode(true);
  copy.querySelectorAll("[aria-hidden=true]").forEach((node) => node.remove());
  return copy.textContent;
})"""

SHORT_SHOWN = """() => [...document.querySelectorAll("#auction .call-short:not([hidden])")]
  .map((node) => node.textContent)"""

NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


@pytest.mark.parametrize("language", ["en", "bg", "hr", "fr"])
def test_every_call_shows_whole_in_the_auction(
    browser: Browser, asgi_server: Server, language: str
) -> None:
    table = bot_table("coinche")
    context = browser.new_context(locale=language, viewport=SIZES["phone"])
    page = context.new_page()
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    page.wait_for_selector("#auction table")
    written, heard = zip(*page.evaluate(WORDS_OF_EVERY_CALL, EVERY_CALL), strict=True)
    assert any(SIGNS.search(words) for words in written)
    for size_name, size in SIZES.items():
        page.set_viewport_size(size)
        page.evaluate(DRAW_EVERY_CALL, EVERY_CALL)
        page.evaluate(NEXT_FRAME)  # the grid fits its calls once it is laid out
        page.locator("#auction").screenshot(
            path=artifact_path(f"auction-{language}-{size_name}.png")
        )
        assert page.evaluate(HIDDEN_SIGNS) == [], f"{language} {size_name}"
        assert split_words(page) == [], f"{language} {size_name}"
        assert page.evaluate(CUT_CELLS) == [], f"{language} {size_name}"
        assert page.evaluate(CELLS_READ) == list(heard), f"{language} {size_name}"
        assert not SIGNS.search(page.locator("#auction").aria_snapshot()), f"{language} {size_name}"
        if size_name == "phone":
            assert page.evaluate(SHORT_SHOWN), f"{language}: every word fit, nothing was tried"
    context.close()
