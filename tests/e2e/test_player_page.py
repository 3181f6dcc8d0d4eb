"""A player's page on a phone: their matches and their accuracy per rule set were tables wider
than the screen, the result and the rating of each match cut off at the right. Each row is now
a block, each value under its column's name, in every language."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from accounts.models import User
from games.analyses import hand_analyse
from games.models import TableEvent
from tests.e2e.browser import off_the_browser_loop
from tests.e2e.screen import LAPTOP, PHONE
from tests.games.factories import bot_table, play_bots_to_end
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Cells of the page's tables that reach past the viewport's sides, or that lie over the cell
# before them in their row.
CELLS_OUT_OF_PLACE = """() => {
  const out = [];
  for (const row of document.querySelectorAll("main tbody tr")) {
    let above = null;
    for (const cell of row.children) {
      const r = cell.getBoundingClientRect();
      const past = r.left < -0.5 || r.right > innerWidth + 0.5;
      if (past) out.push(`past the side: ${cell.textContent}`);
      if (above && getComputedStyle(cell).display === "block" && r.top < above.bottom - 0.5)
        out.push(`over another: ${cell.textContent}`);
      above = r;
    }
  }
  return out;
}"""


def played_and_analysed() -> str:
    """A computer player's username, with a finished match whose hands are analysed."""
    table = play_bots_to_end(bot_table("bela", target=501))
    for end in TableEvent.objects.filter(table=table, kind="hand_end")[:2]:
        hand_analyse(table_id=table.pk, number=end.hand)
    return User.objects.get(seats__table=table, seats__number=0).username


def test_a_players_matches_and_accuracy_fit_a_phone_in_every_language(
    browser: Browser, asgi_server: Server
) -> None:
    username = off_the_browser_loop(played_and_analysed)
    for language in ["en", "bg", "hr", "fr"]:
        for size_name, size in {"phone": PHONE, "laptop": LAPTOP}.items():
            context = browser.new_context(locale=language, viewport=size)
            page = context.new_page()
            page.goto(f"{asgi_server.url}/players/{username}/")
            expect(page.locator("#accuracy tbody tr")).to_have_count(1)
            page.screenshot(
                path=artifact_path(f"player-{language}-{size_name}.png"), full_page=True
            )
            assert page.evaluate(CELLS_OUT_OF_PLACE) == [], (language, size_name)
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            # Each value is named by its column's name, as the header (hidden on a phone) does.
            for table in page.locator("table.stacked").all():
                heads = table.locator("thead th").all_inner_texts()
                for row in table.locator("tbody tr").all():
                    labels = row.locator("td").evaluate_all(
                        "(cells) => cells.map((c) => c.dataset.label ?? null)"
                    )
                    named = [head for head in heads[-len(labels) :] if head]
                    assert [label for label in labels if label] == named, (language, labels)
            context.close()
