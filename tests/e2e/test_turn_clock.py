"""The table page shows the person to act how long they have, counting down to the bot's move."""

from __future__ import annotations

import re
import time

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.models import Seat, Table, TableEvent
from games.services import TIMEOUTS_BEFORE_HOLD, table_pause, table_turn_timeout
from tests.e2e.browser import current_version, off_the_browser_loop, sign_in
from tests.e2e.screen import PHONE, outside_viewport, seated_against_bots
from tests.e2e.test_hand_summaries import play_to_a_summary
from tests.e2e.test_table_double_click import my_bidding_turn
from tests.e2e.test_table_reconnect import my_card_turn
from tests.games.factories import people_table
from tests.games.test_turn_timer import seat_to_act
from tests.helpers import Server, Worker, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def seconds(text: str) -> int:
    minutes, secs = text.split(":")
    return int(minutes) * 60 + int(secs)


def test_the_seat_to_act_shows_a_countdown_that_stops_with_a_pause(
    asgi_server: Server, page: Page
) -> None:
    table, _ = people_table("bela")
    Table.objects.filter(pk=table.pk).update(turn_seconds=90)
    seat = seat_to_act(table)
    sign_in(page.context, asgi_server, seat.user)
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    clock = page.locator("#pos-bottom .seat-clock")
    expect(clock).to_have_text(re.compile(r"^1:[23]\d$"))
    first = seconds(clock.inner_text())
    page.wait_for_timeout(2200)
    assert 1 <= first - seconds(clock.inner_text()) <= 3
    expect(page.locator(".seat-clock")).to_have_count(1)
    page.screenshot(path=artifact_path("turn-clock.png"))
    off_the_browser_loop(table_pause, table_id=table.pk)
    expect(page.locator(".seat-clock")).to_have_count(0)


@pytest.mark.parametrize(
    ("variant", "kind", "note"),
    [
        ("bulgarian", "bid", "Time ran out: the computer bid for you."),
        ("belote", "play", "Time ran out: the computer played for you."),
    ],
)
def test_a_move_the_computer_made_when_time_ran_out_is_said_next_to_the_cards(
    page: Page, asgi_server: Server, celery_worker: Worker, variant: str, kind: str, note: str
) -> None:
    table = seated_against_bots(page, asgi_server, variant, f"slow-{kind}", trick_pause_ms=0)
    if kind == "bid":
        my_bidding_turn(page)
    else:
        my_card_turn(page)
    version = current_version(page)
    assert off_the_browser_loop(table_turn_timeout, table_id=table.pk, version=version)
    expect(page.locator("#hand-note")).to_have_text(note)
    page.screenshot(path=artifact_path(f"turn-ran-out-{kind}.png"))
    done = TableEvent.objects.get(table=table, version=version + 1)
    assert (done.kind, done.seat, done.actor) == (kind, 0, "timeout")


def test_the_hand_summary_says_when_the_persons_turn_waits_under_it_and_for_how_long(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    seated_against_bots(page, asgi_server, "belote", "reader", trick_pause_ms=0)
    play_to_a_summary(page, time.monotonic() + 120)
    # The bots ahead of the person bid at once: their turn comes while they read.
    waiting = page.locator("#summary-turn")
    expect(waiting).to_be_visible()
    left = seconds(waiting.locator(".summary-clock").inner_text())
    # Above the table's 600 s: the first turn of a hand has time to read its summary too.
    assert 600 < left <= 600 + settings.LIVE_TABLE_READING_SECONDS
    expect(page.locator("#announcer")).to_contain_text("Your turn is waiting.")
    page.screenshot(path=artifact_path("summary-turn-waiting.png"))
    page.locator("#summary-close").click()
    expect(page.locator("#summary")).to_be_hidden()
    expect(page.locator("#pos-bottom .seat-clock")).to_have_text(re.compile(r"^10:[01]\d$"))


def let_the_persons_turns_run_out(page: Page, table: Table) -> Seat:
    """Time out each of seat 0's turns, as the page shows it, until a bot holds the seat.

    Until then the page shows no held bar: the person is still playing."""
    seat = Seat.objects.get(table=table, number=0)
    for _ in range(3 * TIMEOUTS_BEFORE_HOLD):
        seat.refresh_from_db()
        if seat.bot_holding:
            return seat
        expect(page.locator("#table-app")).to_have_attribute("data-my-turn", "true")
        expect(page.locator("#held")).to_be_hidden()
        off_the_browser_loop(table_turn_timeout, table_id=table.pk, version=current_version(page))
    raise AssertionError("the seat was not held after its turns ran out")


def test_a_person_back_after_their_turns_ran_out_takes_their_seat_again_from_the_page(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    # The page stayed open throughout, so no reconnect would give them the seat back. The
    # bots take their time, so the match goes on while the person reads and clicks.
    table = seated_against_bots(
        page, asgi_server, "coinche", "away", bot_delay_ms=300, trick_pause_ms=0
    )
    held = page.locator("#held")
    seat = let_the_persons_turns_run_out(page, table)
    expect(held).to_be_visible()
    expect(held).to_contain_text("The computer is playing for you.")
    expect(page.locator("#announcer")).to_contain_text("The computer is playing for you.")
    page.screenshot(path=artifact_path("seat-held-im-back.png"))
    page.set_viewport_size(PHONE)
    assert outside_viewport(page, ["#held button", "#hand .card"]) == []
    page.screenshot(path=artifact_path("seat-held-im-back-phone.png"))
    # A hand's summary may lie over the page: the person closes it first.
    for _ in range(5):
        if page.locator("#summary").is_visible():
            page.locator("#summary-close").click()
        try:
            held.get_by_role("button", name="I'm back").click(timeout=3_000)
            break
        except PlaywrightTimeoutError:
            continue
    expect(held).to_be_hidden()
    expect(page.locator("#pos-bottom")).not_to_contain_text("computer playing")
    seat.refresh_from_db()
    assert (seat.bot_holding, seat.timeouts_in_row) == (False, 0)


def test_a_game_against_the_computer_waits_for_its_person_and_says_so(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    table = seated_against_bots(
        page, asgi_server, "belote", "waited-for", trick_pause_ms=0, waits_for_people=True
    )
    held = page.locator("#held")
    let_the_persons_turns_run_out(page, table)
    expect(page.locator("#held-waiting")).to_have_text("The game waits for you.")
    expect(page.locator("#held-waiting")).to_be_visible()
    expect(page.locator("#held-playing")).to_be_hidden()
    expect(page.locator("#announcer")).to_contain_text("The game waits for you.")
    expect(page.locator("#paused")).to_be_hidden()  # the held bar says it, with what to do
    expect(page.locator("#pos-bottom .badge").first).to_have_text("away")
    page.screenshot(path=artifact_path("seat-waited-for.png"))
    if page.locator("#summary").is_visible():
        page.locator("#summary-close").click()
    held.get_by_role("button", name="I'm back").click()
    expect(held).to_be_hidden()
    expect(page.locator("#table-app")).to_have_attribute("data-paused", "false")
    table.refresh_from_db()
    assert not table.is_paused
