"""A real browser plays whole matches against three bots by clicking, in every rule set."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.models import Match, Table
from games.services import table_create
from tests.e2e.browser import click_and_wait, off_the_browser_loop, sign_in
from tests.e2e.screen import PHONE, at_size
from tests.games.factories import person
from tests.helpers import Server, Worker, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# The shortest match each rule set allows (Bulgarian's target is fixed at 151).
SHORT_MATCHES = [
    ("bulgarian", {}),
    ("bela", {"target": 501}),
    ("belote", {"target": 501}),
    ("coinche", {"target": 1000}),
]


def play_to_the_end(page: Page, variant: str, deadline: float) -> int:
    """Click through bids, cards and hand summaries until the end-of-match screen."""
    clicks = 0
    summary_saved = False
    while not page.locator("#match-end").is_visible():
        assert time.monotonic() < deadline, f"{variant}: the match did not end in time"
        assert page.locator("#error").is_hidden(), page.locator("#error").text_content()
        if page.locator("#summary").is_visible():
            if not summary_saved:
                page.screenshot(path=artifact_path(f"table-{variant}-hand-summary.png"))
                summary_saved = True
            try:
                page.locator("#summary-close").click(timeout=3_000)
            except PlaywrightTimeoutError:
                # The match ended meanwhile: its screen, with the last hand, replaced the summary.
                continue
        elif page.locator("#bidding button").count():
            click_and_wait(page, "#bidding button")
            clicks += 1
        elif page.locator("#hand button.legal").count():
            if clicks == 6:
                page.screenshot(path=artifact_path(f"table-{variant}-playing.png"))
            click_and_wait(page, "#hand button.legal")
            clicks += 1
        else:
            page.wait_for_timeout(50)
    return clicks


@pytest.mark.parametrize(("variant", "house_rules"), SHORT_MATCHES)
def test_a_person_plays_a_match_against_three_bots_by_clicking(
    page: Page,
    asgi_server: Server,
    celery_worker: Worker,
    variant: str,
    house_rules: dict[str, int],
) -> None:
    player = person(f"clicker-{variant}")
    table = off_the_browser_loop(
        table_create,
        creator=player,
        variant=variant, house_rules=house_rules, bot_seats=(1, 2, 3),
        bot_delay_ms=0, trick_pause_ms=0, turn_seconds=600,
    )  # fmt: skip
    sign_in(page.context, asgi_server, player)
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#connection")).to_have_text("Connected.")
    clicks = play_to_the_end(page, variant, time.monotonic() + 300)
    end = page.locator("#match-end")
    expect(page.locator("#match-end-title")).to_contain_text("Match over")
    page.screenshot(path=artifact_path(f"table-{variant}-match-end.png"))
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    match = Match.objects.get(table=table)
    expect(end).to_contain_text(f"win {match.score[match.winner_team]} to")
    expect(end).to_contain_text("Last hand")
    final_scores = end.locator("table.points tr").last.locator("td").all_text_contents()
    assert final_scores == [str(points) for points in match.score], (
        "the last hand, not an earlier one"
    )
    assert clicks > 8


def test_one_click_from_the_lobby_deals_a_game_on_a_phone(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    page.set_viewport_size(PHONE)
    sign_in(page.context, asgi_server, person("phone"))
    page.goto(f"{asgi_server.url}/tables/")
    page.get_by_label("Rule set").select_option("bela")
    expect(page.locator('fieldset[data-variant="bela"]')).to_be_visible()
    expect(page.locator('fieldset[data-variant="coinche"]')).to_be_hidden()
    page.get_by_role("button", name="Play against the computer").click()
    expect(page.locator("#connection")).to_have_text("Connected.")
    expect(page.locator("#hand .card")).to_have_count(6, timeout=10_000)
    expect(page.locator("#pos-bottom")).to_contain_text("You")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=artifact_path("table-phone.png"), full_page=True)


def test_a_spectator_sees_no_cards_but_the_table(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    table = off_the_browser_loop(
        table_create, creator=person("host"), variant="bela", bot_seats=(1, 2, 3), turn_seconds=600
    )
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#connection")).to_have_text("Connected.")
    expect(page.locator("#role")).to_contain_text("You are watching.")
    expect(page.locator("#pos-bottom .backs svg")).to_have_count(6)
    expect(page.locator("#hand .card")).to_have_count(0)
    page.screenshot(path=artifact_path("table-spectator.png"))
    # On a phone the felt reaches the screen's foot: no empty strip kept for a hand.
    at_size(page, PHONE)
    felt = page.locator("#felt").bounding_box()
    assert felt and felt["y"] + felt["height"] >= PHONE["height"] - 16, felt
    page.screenshot(path=artifact_path("table-spectator-phone.png"))
