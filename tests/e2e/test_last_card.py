"""The last card of a hand plays itself: the page shows it but offers no click, says nothing
of a turn (no "Your turn" in the title, no chime, no clock), and it lands on the felt once
the table plays it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.services import table_bot_act
from tests.e2e.browser import current_version, off_the_browser_loop
from tests.e2e.screen import seated_against_bots
from tests.games.factories import play_until_holding
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_last_card_is_shown_not_offered_and_plays_itself(
    page: Page, asgi_server: Server
) -> None:
    # No worker: the test moves the computer players, and then the last card, as it would;
    # each computer player's move on its own (with no pause, a last card joins their run).
    # One deal only: a last card that ends the hand would otherwise bring the next deal in the
    # same change, and that hand may hold the same card again.
    table = seated_against_bots(
        page, asgi_server, "belote", "last-card", bot_delay_ms=700, trick_pause_ms=0, max_hands=1
    )
    off_the_browser_loop(play_until_holding, table=table, cards=1, seat=0)
    table.refresh_from_db()
    expect(page.locator("#table-app")).to_have_attribute("data-version", str(table.version))
    expect(page.locator("#hand .card")).to_have_count(1)
    card = page.locator("#hand .card").get_attribute("data-card")
    expect(page.locator("#hand button")).to_have_count(0)
    expect(page.locator("#table-app")).to_have_attribute("data-my-turn", "false")
    assert not page.title().startswith("●")
    expect(page.locator(".seat-clock")).to_have_count(0)
    page.screenshot(path=artifact_path("table-last-card.png"))

    assert off_the_browser_loop(table_bot_act, table_id=table.pk, version=table.version)
    expect(page.locator("#hand .card")).to_have_count(0)
    expect(page.locator(f'#trick .played[data-card="{card}"][data-seat="0"]')).to_have_count(1)
    assert current_version(page) > table.version
