"""The way through: a guest plays the computer without an account, the tab title tells whose
turn it is, leaving asks first and hands the seat to a computer player, a match offers
"Play again", signing in lands on the lobby, and the lobby keeps itself up to date."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, Route, expect

from accounts.models import RatingChange
from games.models import Match, Seat, Table
from games.services import table_create, table_create_in_lobby, table_end
from tests.e2e.browser import off_the_browser_loop, person_signing_in_with, sign_in
from tests.e2e.screen import PHONE, seated_against_bots
from tests.e2e.test_table_play import play_to_the_end
from tests.games.factories import person
from tests.helpers import Server, Worker, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_guest_plays_the_computer_without_an_account(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{asgi_server.url}/tables/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_label("Rule set").select_option("bela")
    page.get_by_role("button", name="Play as a guest").click()
    expect(page.locator("#connection")).to_have_text("Connected.")
    # Six cards while the guest may still bid; eight once a computer player before the guest
    # has named trumps (in Bela the first call ends the auction): the deal is random.
    page.wait_for_function(
        "[6, 8].includes(document.querySelectorAll('#hand .card').length)", timeout=10_000
    )
    table = Table.objects.latest("pk")
    assert not table.rated
    guest = Seat.objects.get(table=table, number=0).user
    assert guest.username.startswith("guest-") and not guest.has_usable_password()
    page.screenshot(path=artifact_path("flow-guest-phone.png"))


def test_the_title_says_your_turn_and_leaving_the_computers_ends_the_match(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    table = seated_against_bots(page, asgi_server, "bulgarian", "leaver", rated=True)
    expect(page).to_have_title(re.compile(r"^● Your turn"))
    page.get_by_role("button", name="Leave the table").click()
    dialog = page.get_by_role("dialog", name="Leave the table?")
    expect(dialog).to_contain_text(
        "The match ends here and your team concedes it. As a rated match, it counts as lost."
    )
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # Opened by mistake, Enter keeps the seat: staying is the dialog's default.
    page.get_by_role("button", name="Leave the table").click()
    expect(page.get_by_role("button", name="Stay")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    assert Seat.objects.get(table=table, number=0).user.username == "leaver"
    page.get_by_role("button", name="Leave the table").click()
    page.get_by_role("button", name="Leave", exact=True).click()
    expect(page).to_have_url(re.compile(r"/tables/$"))
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and table.match.winner_team == 1
    # The match end would have said what it cost; the lobby says it instead.
    move = RatingChange.objects.get(user__username="leaver")
    expect(page.locator(".notice")).to_have_text(
        "You left the match, so it counts as lost. Your rating is now "
        f"{round(move.after):,} ({move.after - move.before:.1f})."
    )
    assert Seat.objects.get(table=table, number=0).user.is_bot, "nobody can play it again"
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#role")).to_contain_text("You are watching.")


def test_a_finished_match_offers_play_again(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    table = seated_against_bots(
        page, asgi_server, "bela", "again", max_hands=1, trick_pause_ms=0, rated=True
    )
    # The rating's words are held back until the screen has been measured without them.
    held: list[Route] = []
    rating = re.compile(r"/api/matches/\?table=")
    page.route(rating, lambda route: held.append(route))
    with page.expect_request(rating):
        play_to_the_end(page, "bela", time.monotonic() + 120)
    again = page.get_by_role("button", name="Play again")
    expect(again).to_be_focused()
    before = again.bounding_box()
    assert len(held) == 1
    held[0].continue_()
    # A rated match says how it moved the person's rating (unless it ended level), in a line
    # kept for it: the buttons below moved down a line as it came, under a player's click.
    if Match.objects.get(table=table).winner_team is not None:
        move = RatingChange.objects.get(user__username="again")
        expect(page.locator("#rating-move")).to_have_text(
            re.compile(rf"^Your rating is now {int(move.after + 0.5):,} \([+\-−][\d.]+\)\.$")
        )
        assert again.bounding_box() == before
    box = again.bounding_box()
    assert box is not None and box["height"] >= 44, "a finger-sized button"
    page.screenshot(path=artifact_path("flow-match-end.png"))
    again.click()
    expect(page.locator("#connection")).to_have_text("Connected.")
    newest = Table.objects.latest("pk")
    assert newest.pk != table.pk and newest.variant == "bela"
    assert f"/tables/{newest.pk}/" in page.url


def test_the_rating_at_a_match_end_is_written_as_the_profile_writes_it(
    page: Page, asgi_server: Server
) -> None:
    # Bulgarian leaves four digits ungrouped by its own rule; the profile groups them: one way.
    player = person("gruper")
    table = off_the_browser_loop(
        table_create_in_lobby, user=player, opponents="computer", variant="bulgarian"
    )
    off_the_browser_loop(table_end, table_id=table.pk, reason="Over.", score=[0, 151])
    page.context.add_cookies([{"name": "django_language", "value": "bg", "url": asgi_server.url}])
    sign_in(page.context, asgi_server, player)
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    after = RatingChange.objects.get(user=player).after
    expect(page.locator("#rating-move")).to_contain_text(f"е 1\xa0{round(after) - 1000} (")
    page.goto(f"{asgi_server.url}/players/gruper/")
    expect(page.locator("main")).to_contain_text(f"1\xa0{round(after) - 1000}")


def test_signing_in_lands_on_the_lobby_which_updates_itself(
    page: Page, asgi_server: Server
) -> None:
    person_signing_in_with("lander", "a-long-password-1")
    page.clock.install()  # the lobby's next refresh is brought forward, not waited for
    page.goto(f"{asgi_server.url}/accounts/login/")
    page.get_by_label("Username").fill("lander")
    page.get_by_label("Password").fill("a-long-password-1")
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(re.compile(r"/tables/$"))
    nav = page.get_by_role("navigation", name="Main")
    for name in ("Play", "Tournaments", "Leaderboards", "Profile"):
        expect(nav.get_by_role("link", name=name)).to_be_visible()
    expect(page.locator("footer").get_by_role("link", name="API")).to_be_visible()
    expect(page.locator("link[rel=icon]")).to_have_count(1)
    # Another player starts a match; it is listed at the lobby's next refresh.
    table = off_the_browser_loop(
        table_create, creator=person("opener"), variant="bela", bot_seats=(1, 2, 3)
    )
    lists = page.locator("#lobby-tables")
    expect(lists).not_to_contain_text(f"#{table.pk}")
    page.clock.run_for(int(lists.get_attribute("data-refresh-seconds") or "0") * 1000)
    listed = lists.get_by_role("row").filter(has_text=f"#{table.pk}")
    expect(listed).to_contain_text("opener")
    expect(listed.get_by_role("link", name=f"Watch table {table.pk}")).to_be_visible()
