"""A move clicked twice (a double click, or a second click while the server is slow to
answer) is sent once: the second would reach a table that has moved on and be refused, and
the player would read "refresh and retry" about a move that was played."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.models import Table, TableEvent
from tests.e2e.browser import current_version
from tests.e2e.screen import seated_against_bots
from tests.e2e.test_hand_summaries import SOMETHING_TO_DO
from tests.e2e.test_table_reconnect import my_card_turn
from tests.helpers import Server, Worker

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# Every move the page sends, in order, for the test to count.
RECORD_ACTS = """
window.sentActs = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  const message = JSON.parse(data);
  if (message.type === "act") window.sentActs.push(message);
  return send.call(this, data);
};
"""
# Two clicks in one go, as fast as a double click: the second lands before any answer. It
# returns how many moves the page still offers right after them, counted in the same task: no
# answer can be drawn in between (with no pause, the bots may have played round to the person
# again before a separate count reaches the page on a busy machine).
CLICK_TWICE = """([clicked, offered]) => {
  const button = document.querySelector(clicked);
  button.click();
  button.click();
  return document.querySelectorAll(offered).length;
}"""


def my_bidding_turn(page: Page) -> None:
    """Wait until the person has a bid to make (Bulgarian: everyone speaks at least once)."""
    page.wait_for_function(SOMETHING_TO_DO, timeout=30_000)
    assert page.locator("#bidding button").count(), "a Bulgarian auction asks every seat"


def played_once(page: Page, table: Table, version: int) -> TableEvent:
    """The person's one move after `version`, once the page has drawn it, with no error."""
    assert page.evaluate("window.sentActs.length") == 1, "the second click sent nothing"
    expect(page.locator("#table-app")).not_to_have_attribute("data-version", str(version))
    expect(page.locator("#error")).to_be_hidden()
    moves = TableEvent.objects.filter(table=table, version__gt=version, seat=0, actor="person")
    assert moves.count() == 1
    return moves.get()


def test_a_double_clicked_card_is_played_once_and_no_error_shows(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    page.add_init_script(RECORD_ACTS)
    table = seated_against_bots(page, asgi_server, "belote", "double-card", trick_pause_ms=0)
    card = my_card_turn(page)
    page.evaluate("window.sentActs = []")
    version = current_version(page)
    # At once, before the server answers: the hand no longer offers a card to play.
    assert (
        page.evaluate(CLICK_TWICE, [f'#hand button[data-card="{card}"]', "#hand button.legal"]) == 0
    )
    played = played_once(page, table, version)
    assert (played.kind, played.version, played.payload["play"]) == ("play", version + 1, card)


def test_a_double_clicked_bid_is_made_once_and_no_error_shows(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    page.add_init_script(RECORD_ACTS)
    table = seated_against_bots(page, asgi_server, "bulgarian", "double-bid", trick_pause_ms=0)
    my_bidding_turn(page)
    page.evaluate("window.sentActs = []")
    version = current_version(page)
    assert page.evaluate(CLICK_TWICE, ["#bidding button", "#bidding button"]) == 0
    played = played_once(page, table, version)
    assert (played.kind, played.version) == ("bid", version + 1)
