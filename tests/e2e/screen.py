"""What the table-screen tests share: the two screen sizes, a person's table against bots, and
checks of what the browser shows (inside the viewport, in words, not in code)."""

from __future__ import annotations

import re
import time

from django.core.management.color import no_style
from django.db import connection
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.models import Table
from games.services import table_create
from tests.e2e.browser import click_and_wait, current_version, off_the_browser_loop, sign_in
from tests.games.factories import person
from tests.helpers import Server

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SIZES = {"laptop": LAPTOP, "phone": PHONE}
# Phones held sideways, as many hold them to play cards: the table screen fits them too (the
# smaller is narrower than the upright phone's layout switch at 700 px).
SIDEWAYS = {
    "phone-sideways": {"width": 844, "height": 390},
    "small-phone-sideways": {"width": 667, "height": 375},
}
# Short upright phones, where the felt has the least height: an iPhone SE, where the bids lay
# over the side seats' names and calls, and an older Android.
SHORT_UPRIGHT = {
    "short-phone": {"width": 375, "height": 667},
    "small-phone": {"width": 360, "height": 640},
}
# A desktop's screen, where a laptop's cards were specks on a felt of 1,200 px by 650.
DESKTOP = {"desktop": {"width": 1920, "height": 1080}}
# A tablet held upright: the felt beside the scores is narrow (440 px) and tall.
TABLET = {"tablet": {"width": 768, "height": 1024}}
VARIANTS = ["bulgarian", "bela", "belote", "coinche"]
# A word made of lower-case parts joined by underscores: an engine code, not a word.
SNAKE_CASE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
# What a screen reader may skip, or read in another language than the page's.
SIGNS = re.compile("[♣♦♥♠×]")
# An image's or a button's line in an accessibility snapshot, its name free of signs: a reader
# says the name, never what it draws or holds (their children are presentational).
NAMED_LINE = re.compile(r'^\s*- (?:img|button) "[^"♣♦♥♠×]*"')


SEEN_TEXT = """(selector) => {
  const copy = document.querySelector(selector).cloneNode(true);
  copy.querySelectorAll(".visually-hidden").forEach((node) => node.remove());
  return copy.textContent;
}"""


def seen_text(page: Page, selector: str) -> str:
    """The text of `selector` that the eye sees: less what only a screen reader is given."""
    text: str = page.evaluate(SEEN_TEXT, selector)
    return text


def signs_heard(page: Page, selector: str) -> list[str]:
    """The lines of what a screen reader hears in `selector` that hold a suit sign or "×"."""
    lines = page.locator(selector).aria_snapshot().splitlines()
    return [line for line in lines if SIGNS.search(line) and not NAMED_LINE.match(line)]


OUTSIDE_VIEWPORT = """(selectors) => {
  const out = [];
  if (scrollY !== 0 || scrollX !== 0) out.push(`scrolled ${scrollX},${scrollY}`);
  for (const selector of selectors) {
    const nodes = [...document.querySelectorAll(selector)];
    if (!nodes.length) out.push(`${selector}: missing`);
    for (const node of nodes) {
      const r = node.getBoundingClientRect();
      const box = [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
      if (r.width === 0 && r.height === 0) out.push(`${selector}: not shown`);
      else if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
        out.push(`${selector}: ${box}`);
    }
  }
  return out;
}"""


NEXT_MOVE = """() => {
  if (!document.getElementById("match-end").hidden) return "match-end";
  if (!document.getElementById("summary").hidden) return "summary";
  if (document.querySelector("#bidding button.bid")) return "bid";
  if (document.querySelector("#hand button.legal")) return "play";
  return null;
}"""


# Words of table cells that the browser laid out over more than one line.
SPLIT_WORDS = """() => {
  const split = [];
  for (const cell of document.querySelectorAll("th, td")) {
    const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (node.parentElement.closest(".visually-hidden")) continue;  // read, not shown
      for (const word of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(word[0]);
      }
    }
  }
  return split;
}"""


# A table's number on a site that has hosted many: "Table 7" left the title room a real one
# lacks (on the smallest phone "Table 12" pushed the felt a line down).
BUSY_SITES_TABLE = 482_613


def numbered_as_on_a_busy_site() -> None:
    """The next table made takes a number BUSY_SITES_TABLE or above (the database's own
    counter moved on, as a site's tables would move it)."""
    if Table.objects.filter(pk__gte=BUSY_SITES_TABLE).exists():
        return
    placeholder = Table.objects.create(pk=BUSY_SITES_TABLE - 1, variant="bela")
    with connection.cursor() as cursor:  # PostgreSQL's sequence (SQLite's counter moved)
        for statement in connection.ops.sequence_reset_sql(no_style(), [Table]):
            cursor.execute(statement)
    placeholder.delete()


def seated_against_bots(
    page: Page, server: Server, variant: str, name: str, **options: object
) -> Table:
    """A person at seat 0 with three bots, signed in, the table open in the page, its number
    a busy site's; the bots move at once and the person has ten minutes a turn unless
    `options` say otherwise."""
    player = person(name)
    off_the_browser_loop(numbered_as_on_a_busy_site)
    table = off_the_browser_loop(
        table_create,
        creator=player, variant=variant, bot_seats=(1, 2, 3),
        **{"bot_delay_ms": 0, "turn_seconds": 600, **options},
    )  # fmt: skip
    assert table.pk >= BUSY_SITES_TABLE
    sign_in(page.context, server, player)
    page.goto(f"{server.url}/tables/{table.pk}/")
    expect(page.locator("#connection")).to_have_text("Connected.")
    return table


# The things, by their text (else their class), that any box of the first selector lies over.
LYING_OVER = """([over, under]) => {
  const boxes = [...document.querySelectorAll(over)].map((node) => node.getBoundingClientRect());
  return [...document.querySelectorAll(under.join(", "))]
    .filter((node) => {
      const r = node.getBoundingClientRect();
      return boxes.some((b) => r.left < b.right && b.left < r.right && r.top < b.bottom
        && b.top < r.bottom);
    }).map((node) => node.textContent || node.className);
}"""
# What a notice on the felt must leave in sight.
SHOWN = [".seat-name", ".seat .badge", ".backs", "#trick .played", "#trick .turned-card",
         "#hand .card"]  # fmt: skip


def covered(page: Page, selector: str) -> list[str]:
    """The seat names, badges and cards (by their text) that the box of `selector` lies over."""
    return page.evaluate(LYING_OVER, [selector, SHOWN])


def under_the_trick(page: Page) -> list[str]:
    """The seat names and badges a card on the trick lies over."""
    return page.evaluate(LYING_OVER, ["#trick .played", [".seat-name", ".seat .badge"]])


# The selectors whose first element does not show at its own middle: clipped by a box that
# hides its overflow (its place is on screen, what shows there is something else).
HIDDEN_AT_ITS_MIDDLE = """(selectors) => selectors.filter((selector) => {
  const node = document.querySelector(selector);
  const r = node.getBoundingClientRect();
  const shown = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !shown || !node.contains(shown);
})"""


def hidden_at_their_middle(page: Page, selectors: list[str]) -> list[str]:
    """The selectors whose element, inside the viewport, is hidden where it lies."""
    return page.evaluate(HIDDEN_AT_ITS_MIDDLE, selectors)


def at_size(page: Page, size: dict[str, int]) -> None:
    """Resize the page and wait for a frame drawn at that size: what is measured next is laid
    out for it."""
    page.set_viewport_size(size)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")


def outside_viewport(page: Page, selectors: list[str]) -> list[str]:
    """The selectors whose visible elements are not wholly inside the viewport at scroll 0."""
    return page.evaluate(OUTSIDE_VIEWPORT, selectors)


# The width of a card (its `--card`) where each selector's first element is, in CSS pixels.
CARD_WIDTHS = """(selectors) => selectors.map((selector) => {
  const probe = document.createElement("div");
  probe.style.cssText = "position: absolute; width: var(--card); height: 0";
  document.querySelector(selector).append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width;
})"""


def card_widths(page: Page, selectors: list[str]) -> list[float]:
    """The width of a card where each selector's first element is."""
    return [float(width) for width in page.evaluate(CARD_WIDTHS, selectors)]


def trick_room(page: Page) -> float:
    """The trick's area's height in card widths: under about 1.4, a card standing in it
    spills out (its played cards are placed absolutely, so nothing else would show it)."""
    height = page.evaluate("document.getElementById('trick').getBoundingClientRect().height")
    return float(height) / card_widths(page, ["#trick"])[0]


WORDS_OVER_CARDS = """() => {
  const cards = [...document.querySelectorAll("#trick .played")]
    .map((card) => card.getBoundingClientRect());
  const over = (r, c) =>
    r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom;
  const walker = document.createTreeWalker(document.querySelector(".felt"), NodeFilter.SHOW_TEXT);
  const found = [];
  while (walker.nextNode()) {
    const text = walker.currentNode;
    const skipped = text.parentElement.closest("#trick .played, .visually-hidden");
    if (!text.textContent.trim() || skipped) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    const shown = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1);
    if (shown.some((r) => cards.some((c) => over(r, c)))) found.push(text.textContent.trim());
  }
  return found;
}"""


def words_over_cards(page: Page) -> list[str]:
    """Words on the felt drawn over a card of the trick (a "wins the trick" line hid them)."""
    return page.evaluate(WORDS_OVER_CARDS)


def split_words(page: Page) -> list[str]:
    """Words in table headers and cells broken over two lines (a phone's narrow table must
    scroll instead: "Ма-/са" reads as two words)."""
    return page.evaluate(SPLIT_WORDS)


def code_words(page: Page) -> list[str]:
    """Engine codes (snake_case) anywhere in the page's visible text."""
    text = page.evaluate("document.body.innerText")
    return sorted(set(SNAKE_CASE.findall(text)))


def wait_for_a_move(page: Page, deadline: float) -> str:
    """Wait until the person has something to do: 'bid', 'play' or 'summary', or the match
    is over ('match-end')."""
    # Read at once: a snapshot may draw a new hand and its last one's summary together.
    timeout = max(1.0, (deadline - time.monotonic()) * 1000)  # 0 would mean no limit
    try:
        return str(page.wait_for_function(NEXT_MOVE, timeout=timeout).json_value())
    except PlaywrightTimeoutError:
        raise AssertionError("nothing to do in time") from None


NAMES_BESIDE_FIELDS = """() => [...document.querySelectorAll("form.fields label, .stacked label")]
  .map((label) => [label, label.htmlFor ? document.getElementById(label.htmlFor)
    : label.querySelector("input, select, textarea")])
  .filter(([, field]) => field && field.type !== "checkbox" && field.type !== "radio")
  .filter(([label, field]) => {
    // A label around its field: its own words, not the box that holds the field too.
    const words = [...label.childNodes].find((n) => n.nodeType === Node.TEXT_NODE
      && n.textContent.trim());
    const range = document.createRange();
    if (field.parentElement === label && words) range.selectNodeContents(words);
    else range.selectNodeContents(label);
    return range.getBoundingClientRect().bottom > field.getBoundingClientRect().top + 1;
  })
  .map(([label]) => label.textContent.trim())"""


def names_beside_fields(page: Page) -> list[str]:
    """The names of a form's fields (checkboxes apart) that do not sit over their field,
    named by `for` or wrapped around it."""
    return page.evaluate(NAMES_BESIDE_FIELDS)


# What the browser put at the start of a line, apart from the name it belongs to: a "bot"
# badge ("Boris" / "[bot], Chloé") or a comma ("Boris [bot]" / ", Chloé").
SEPARATED_FROM_THEIR_NAME = """() => {
  const out = [];
  const main = document.querySelector("main");
  const blank = (node) => node.nodeType === Node.TEXT_NODE && !node.textContent.trim();
  const lastLine = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()].filter((r) => r.width > 0).at(-1);
  };
  const apart = (node, top) => {
    let before = node.previousSibling;
    while (before && blank(before)) before = before.previousSibling;
    const line = before && lastLine(before);
    if (line && top >= line.bottom - 1)
      out.push(`${before.textContent}|${node.textContent}`.trim());
  };
  for (const badge of main.querySelectorAll(".badge")) apart(badge, badge.getClientRects()[0].top);
  const texts = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (!/^[,.;:]/.test(node.textContent) || !node.previousSibling) continue;
    const mark = document.createRange();
    mark.setStart(node, 0);
    mark.setEnd(node, 1);
    apart(node, mark.getBoundingClientRect().top);
  }
  return out;
}"""


def separated_from_their_name(page: Page) -> list[str]:
    """Badges and commas that start a line of the page's main part, away from their name."""
    return page.evaluate(SEPARATED_FROM_THEIR_NAME)


def bid_a_contract(page: Page) -> None:
    """Take a contract if one may be bid (so play begins), else pass; nothing if a hand
    summary opened over the bids meanwhile (the caller closes it and comes back)."""
    contract = page.locator("#bidding button.bid:not([data-bid=pass]):not([disabled])")
    bid = contract.first if contract.count() else page.locator("#bidding button[data-bid=pass]")
    before = current_version(page)
    try:
        bid.click(timeout=3_000)
    except PlaywrightTimeoutError:
        assert page.locator("#summary").is_visible(), "the bid could not be clicked"
        return
    # The table moves on past the bid. Not "the bids hide": three computer players may bid
    # and give the turn back before the page draws a frame without them.
    page.wait_for_function(
        f"Number(document.getElementById('table-app').dataset.version) > {before}"
    )


def make_the_move(page: Page, move: str) -> None:
    """Do what `move` (from wait_for_a_move) asks of the person: close the hand's summary, bid
    (a contract where one may be bid) or play the first playable card."""
    if move == "summary":
        page.locator("#summary-close").click()
    elif move == "bid":
        bid_a_contract(page)
    else:
        click_and_wait(page, "#hand button.legal")
