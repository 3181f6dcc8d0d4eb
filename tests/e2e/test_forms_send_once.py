"""A form sends once: on a slow line, a second tap on "Play" while the first was on its way
opened a second table, a rated match its player never saw (conceded days later as deserted)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Route, expect

from games.models import Table
from games.services import table_create_in_lobby
from tests.e2e.browser import sign_in, wait_until
from tests.games.factories import person
from tests.helpers import Server

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def tap(page: Page, name: str) -> Callable[[], None]:
    """A finger's tap on the button, found now; tapped again while the page waits on the
    network (where Playwright's own clicks wait for the navigation to end), as a person may."""
    box = page.get_by_role("button", name=name).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    return lambda: page.mouse.click(x, y)


def on_a_slow_line(page: Page, url: str) -> list[Route]:
    """The requests to `url`, in order: the first is held (on its way) until the test lets it
    go; any later one goes on at once."""
    sent: list[Route] = []

    def hold_the_first(route: Route) -> None:
        sent.append(route)
        if len(sent) > 1:
            route.continue_()

    page.route(url, hold_the_first)
    return sent


def test_a_second_tap_on_play_while_the_first_is_on_its_way_opens_no_second_table(
    page: Page, asgi_server: Server
) -> None:
    player = person("tapper")
    sign_in(page.context, asgi_server, player)
    page.goto(f"{asgi_server.url}/tables/")
    sent = on_a_slow_line(page, "**/tables/new/")
    play, open_one = tap(page, "Play against the computer"), tap(page, "Open a table for people")
    play()
    wait_until(page, lambda: bool(sent))
    play()
    open_one()
    sent[0].continue_()
    expect(page.locator("#table-app")).to_be_visible()
    assert len(sent) == 1, "the form was sent once"
    assert Table.objects.filter(seats__user=player).count() == 1
    # Back to the lobby (the browser's cache keeps it as it was left): it plays again.
    page.go_back()
    tap(page, "Play against the computer")()
    expect(page.locator("#table-app")).to_be_visible()
    assert Table.objects.filter(seats__user=player).count() == 2


def test_a_second_tap_on_a_seat_choice_while_the_first_is_on_its_way_sends_nothing(
    page: Page, asgi_server: Server
) -> None:
    # The host's second tap answered "that seat is taken" to their own first one.
    host = person("host")
    table = table_create_in_lobby(user=host, opponents="open", variant="belote")
    sign_in(page.context, asgi_server, host)
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#connection")).to_have_text("Connected.")
    sent = on_a_slow_line(page, f"**/tables/{table.pk}/computer/")
    partner = tap(page, "A computer player as your partner")
    right = tap(page, "A computer player as the opponent on your right")
    partner()
    wait_until(page, lambda: bool(sent))
    partner()
    right()
    sent[0].continue_()
    expect(page.locator("#pos-top .badge.level")).to_be_visible()
    expect(page.locator("p.notice")).to_have_count(0)  # no "that seat is taken"
    assert len(sent) == 1, "sent once"
    assert [s.number for s in table.seats.filter(user__is_bot=True)] == [2]
