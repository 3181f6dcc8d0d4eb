"""Every page works under the site's Content-Security-Policy: the browser blocks nothing on
the table (its socket, a move), the lobby, an event, the API docs or the admin.

The pages here are opened as a player's browser opens them, with the policy enforced; so the
test waits with Playwright's locators only (its wait_for_function evaluates code, which the
policy forbids, and which the other browser tests are let do)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browser import off_the_browser_loop, sign_in
from tests.e2e.screen import seated_against_bots
from tests.games.factories import bot_table, play_bots_to_end
from tests.helpers import Server, Worker
from tests.tournaments.factories import person, tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# What the browser refused under the policy, as it refused it, from before the page's scripts.
RECORD_VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (event) => window.violations.push(
  `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
"""
# A bid or a card the person may play now.
A_MOVE = "#bidding button.bid:not([disabled]), #hand button.legal"


@pytest.fixture
def strict_page(browser: Browser) -> Iterator[Page]:
    """A page that obeys the site's policy, recording what the policy blocks."""
    context = browser.new_context(bypass_csp=False)
    context.add_init_script(RECORD_VIOLATIONS)
    yield context.new_page()
    context.close()


def violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.violations")
    return found


def test_nothing_a_page_needs_is_blocked(
    strict_page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    page = strict_page
    table = seated_against_bots(page, asgi_server, "coinche", "strict")  # its socket connected
    move = page.locator(A_MOVE).first
    expect(move).to_be_visible()
    version = page.locator("#table-app").get_attribute("data-version")
    move.click()
    expect(page.locator("#table-app")).not_to_have_attribute("data-version", str(version))
    assert violations(page) == []

    page.goto(f"{asgi_server.url}/tables/")
    page.locator("#id_variant").select_option("coinche")  # the lobby's script shows its rules
    expect(page.locator(".house-rules[data-variant=coinche]")).to_be_visible()
    expect(page.locator(".house-rules[data-variant=bulgarian]")).to_be_hidden()
    assert violations(page) == []

    event = off_the_browser_loop(tournament, organizer=table.seats.get(number=0).user)
    for path in ["/", f"/tournaments/{event.pk}/", f"/tables/{table.pk}/hands/", "/rules/bela/"]:
        page.goto(asgi_server.url + path)
        assert violations(page) == [], path

    page.goto(f"{asgi_server.url}/api/docs/")
    expect(page.locator("#swagger-ui .opblock").first).to_be_visible()
    assert violations(page) == []


def test_the_admin_works_under_the_policy(strict_page: Page, asgi_server: Server) -> None:
    page = strict_page
    staff = off_the_browser_loop(person, name="warden")
    staff.is_staff = staff.is_superuser = True
    off_the_browser_loop(staff.save)
    sign_in(page.context, asgi_server, staff)
    page.goto(f"{asgi_server.url}/admin/accounts/rating/add/")
    page.locator(".select2-selection").first.click()  # a player picked by search
    expect(page.locator(".select2-search__field")).to_be_visible()
    assert violations(page) == []


def test_a_finished_match_replays_and_proves_its_deals_under_the_policy(
    strict_page: Page, asgi_server: Server
) -> None:
    page = strict_page
    table = off_the_browser_loop(lambda: play_bots_to_end(bot_table("belote", target=501)))
    page.goto(f"{asgi_server.url}/tables/{table.pk}/hands/1/")
    page.keyboard.press("ArrowRight")  # the replay's script steps through the hand
    expect(page.locator("#replay")).to_have_attribute("data-step", "1")
    assert violations(page) == []

    page.goto(f"{asgi_server.url}/tables/{table.pk}/deals/")
    page.get_by_role("button", name="Check every deal in this browser").click()
    expect(page.locator("#deals-summary")).to_contain_text("deals check out")
    assert violations(page) == []
