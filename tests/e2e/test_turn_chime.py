"""A player who looks away while the others play hears the turn come to them, if they asked
for it: a switch in the table's head, off until turned on, remembered on the device. It
chimes when the turn comes, not on opening the page nor while the turn stays."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.screen import make_the_move, seated_against_bots, wait_for_a_move
from tests.helpers import Server, Worker

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Each note the page sounds, counted (a chime is two).
COUNT_NOTES = """(() => {
  window.notes = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.notes += 1;
    return start.apply(this, args);
  };
})();"""


def move_on(page: Page, deadline: float) -> None:
    """Make the person's move, then wait until the turn is theirs again."""
    make_the_move(page, wait_for_a_move(page, deadline))
    while (move := wait_for_a_move(page, deadline)) == "summary":
        make_the_move(page, move)
    assert move != "match-end"


def notes(page: Page) -> int:
    return int(page.evaluate("window.notes"))


def test_the_turn_chimes_once_asked_for_until_turned_off(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    page.add_init_script(COUNT_NOTES)
    seated_against_bots(page, asgi_server, "bulgarian", "listener", trick_pause_ms=0)
    switch = page.get_by_role("button", name="Sound when it is my turn")
    expect(switch).to_have_attribute("aria-pressed", "false")
    deadline = time.monotonic() + 120
    move_on(page, deadline)
    assert notes(page) == 0  # off until asked for

    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("window.notes === 2")  # the chime it will be, heard at once
    for _ in range(4):  # the turn may come back before the page draws another's
        move_on(page, deadline)
        if notes(page) > 2:
            break
    assert notes(page) == 4

    page.reload()
    expect(switch).to_have_attribute("aria-pressed", "true")  # remembered
    wait_for_a_move(page, deadline)
    assert notes(page) == 0  # not on opening the page
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    move_on(page, deadline)
    move_on(page, deadline)
    assert notes(page) == 0
