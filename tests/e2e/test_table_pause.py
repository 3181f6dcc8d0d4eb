"""The table page of a paused table says so and offers no move until play resumes."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.services import table_pause, table_resume
from tests.e2e.browser import off_the_browser_loop, sign_in
from tests.e2e.screen import SIZES, covered, outside_viewport
from tests.games.factories import people_table
from tests.games.test_turn_timer import seat_to_act
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_the_player_to_act_sees_the_pause_and_gets_the_bidding_box_back(
    asgi_server: Server, page: Page
) -> None:
    table, _ = people_table("bela")
    seat = seat_to_act(table)
    sign_in(page.context, asgi_server, seat.user)
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#connection")).to_have_text("Connected.")
    expect(page.locator("#bidding button.bid").first).to_be_visible()
    expect(page.locator("#paused")).to_be_hidden()
    off_the_browser_loop(table_pause, table_id=table.pk)
    expect(page.locator("#paused")).to_be_visible()
    expect(page.locator("#table-app")).to_have_attribute("data-paused", "true")
    expect(page.locator("#bidding")).to_be_hidden()
    for size_name, size in SIZES.items():  # a pause can last: it hid the partner's name
        page.set_viewport_size(size)
        page.screenshot(path=artifact_path(f"table-paused-{size_name}.png"))
        assert covered(page, "#paused") == [], size_name
        assert outside_viewport(page, ["#paused", "#hand .card", ".seat-name"]) == [], size_name
    off_the_browser_loop(table_resume, table_id=table.pk)
    expect(page.locator("#paused")).to_be_hidden()
    expect(page.locator("#bidding button.bid").first).to_be_visible()
