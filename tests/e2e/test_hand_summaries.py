"""A person playing in the browser sees the summary of every hand, as the server recorded it."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from games.models import TableEvent
from games.services import table_create
from tests.e2e.browser import click_and_wait, off_the_browser_loop, sign_in
from tests.games.factories import person
from tests.helpers import Server, Worker

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# Something for the person to do: a hand's summary to close, a bid or a card to choose.
SOMETHING_TO_DO = (
    "() => !document.getElementById('summary').hidden"
    " || document.querySelector('#bidding button, #hand button.legal') !== null"
)


def summary_rows(page: Page) -> dict[str, list[str]]:
    """The open summary's points table: each row's label and the two teams' figures."""
    rows = {}
    for row in page.locator("#summary table.points tr").all()[1:]:
        rows[row.locator("th").inner_text()] = row.locator("td").all_inner_texts()
    return rows


def play_to_a_summary(page: Page, deadline: float) -> int:
    """Bid and play until a hand's summary opens; the number of its hand."""
    summary = page.locator("#summary")
    while not summary.is_visible():
        assert time.monotonic() < deadline, "no hand summary in time"
        assert page.locator("#error").is_hidden(), page.locator("#error").text_content()
        page.wait_for_function(SOMETHING_TO_DO, timeout=30_000)
        if page.locator("#bidding button").count():
            click_and_wait(page, "#bidding button")
        elif page.locator("#hand button.legal").count():
            click_and_wait(page, "#hand button.legal")
    return int(summary.get_attribute("data-hand") or "0")


def test_every_hand_of_three_gets_its_summary_as_the_server_recorded_it(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    player = person("summaries")
    table = off_the_browser_loop(
        table_create,
        creator=player, variant="belote", bot_seats=(1, 2, 3),
        bot_delay_ms=0, trick_pause_ms=0, turn_seconds=600, max_hands=5,
    )  # fmt: skip
    sign_in(page.context, asgi_server, player)
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#connection")).to_have_text("Connected.")
    shown: dict[int, dict[str, list[str]]] = {}
    while len(shown) < 3:
        number = play_to_a_summary(page, time.monotonic() + 120)
        assert number not in shown, f"hand {number}'s summary came twice"
        shown[number] = summary_rows(page)
        close = page.locator("#summary-close").bounding_box()
        assert close is not None and close["height"] >= 44, "a finger-sized Continue"
        page.locator("#summary-close").click()
        expect(page.locator("#summary")).to_be_hidden()
    assert sorted(shown) == [1, 2, 3]
    for number, rows in shown.items():
        result = TableEvent.objects.get(
            table=table, kind=TableEvent.Kind.HAND_END, hand=number
        ).payload["result"]
        assert rows["Hand points"] == [str(p) for p in result["hand_points"]], number
        assert rows["Match score"] == [str(p) for p in result["match_score"]], number
