"""The deals page: commitments while the match runs, and once it is over a check in the
browser that recomputes every deck (the same algorithm as `python -m games.verify`)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.models import DealSeed
from games.services import table_create
from tests.e2e.browser import off_the_browser_loop
from tests.e2e.screen import LAPTOP, PHONE
from tests.games.factories import people_table, play_bots_to_end
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def finished_table(variant: str) -> int:
    """A bot table's two-deal match, played to the end."""
    return play_bots_to_end(
        table_create(
            creator=None, variant=variant, bot_seats=(0, 1, 2, 3), bot_delay_ms=0, max_hands=2
        )
    ).pk


def test_a_finished_matchs_deals_check_out_in_the_browser(page: Page, asgi_server: Server) -> None:
    table = off_the_browser_loop(lambda: finished_table("belote"))
    deals = DealSeed.objects.filter(table_id=table).count()
    page.set_viewport_size(LAPTOP)
    page.goto(f"{asgi_server.url}/tables/{table}/hands/")
    page.get_by_role("link", name="The deals and their proofs of fairness").click()
    expect(page.locator("#deals tbody tr")).to_have_count(deals)
    check = page.get_by_role("button", name="Check every deal in this browser")
    expect(check).to_be_enabled()
    check.press("Enter")
    expect(page.locator("#deals-summary")).to_contain_text(f"All {deals} deals check out")
    expect(page.locator("#deals .deal-check.ok")).to_have_count(deals)
    page.screenshot(path=artifact_path("deals-laptop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=artifact_path("deals-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Every column in sight: the table fits its box, nobody scrolls it sideways for the seeds.
    assert page.evaluate(TABLE_OVERFLOW) <= 0


# How far the deals' table reaches past its own box or the one it scrolls in, in pixels.
TABLE_OVERFLOW = """() => {
  const table = document.querySelector("#deals");
  return Math.max(...[table, table.parentElement].map((box) => box.scrollWidth - box.clientWidth));
}"""


def test_the_check_button_waits_for_its_script(page: Page, asgi_server: Server) -> None:
    """A press before the check's script has loaded would do nothing: the button stays
    disabled until the script is there to answer it."""
    table = off_the_browser_loop(lambda: finished_table("belote"))
    page.route("**/games/verify.js", lambda route: route.abort())
    page.goto(f"{asgi_server.url}/tables/{table}/deals/")
    expect(page.locator("#deals tbody tr").first).to_be_visible()
    expect(page.get_by_role("button", name="Check every deal in this browser")).to_be_disabled()


def test_a_tampered_seed_deck_or_play_fails_the_browser_check(
    page: Page, asgi_server: Server
) -> None:
    table = off_the_browser_loop(lambda: finished_table("bela"))
    page.goto(f"{asgi_server.url}/tables/{table}/deals/")
    found = page.evaluate(
        """async () => {
          const m = await import(document.querySelector("script[type=module]").src);
          const p = JSON.parse(document.getElementById("deal-proofs").textContent).deals[0];
          const [seat, card] = p.plays[0];
          return [
            await m.checkDeal(p),
            await m.checkDeal({...p, seed: "00".repeat(32)}),
            await m.checkDeal({...p, deck: [...p.deck].reverse()}),
            await m.checkDeal({...p, plays: [[(seat + 1) % 4, card], ...p.plays.slice(1)]}),
          ];
        }"""
    )
    assert found[0] == []
    assert "the seed does not match the commitment" in found[1]
    assert found[2] == ["the deck dealt is not the deck of this seed"]
    assert len(found[3]) == 1 and "not dealt it" in found[3][0]


def test_a_live_match_shows_commitments_but_no_seed(page: Page, asgi_server: Server) -> None:
    table, seed = off_the_browser_loop(
        lambda: (lambda t: (t.pk, DealSeed.objects.get(table=t)))(people_table("bela")[0])
    )
    page.goto(f"{asgi_server.url}/tables/{table}/deals/")
    expect(page.locator("#deals tbody tr")).to_have_count(1)
    expect(page.locator("#deals")).to_contain_text(seed.commitment)
    expect(page.locator("#deals-secret")).to_be_visible()
    assert seed.seed not in page.content()
