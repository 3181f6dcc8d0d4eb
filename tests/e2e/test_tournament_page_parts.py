"""A tournament page keeps every changing part current, not only its standings: a player
waiting on it saw the status turn to "Check-in" but no "Check in" button until they reloaded
(a player who missed it played with a stand-in bot), and an organizer never saw entries come
or check in. A part someone is filling in keeps what they typed until they leave it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browser import off_the_browser_loop, sign_in
from tests.e2e.test_tournament_live import event_with, notices_connected
from tests.helpers import Server
from tests.tournaments.factories import bot_player, person
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def follow(browser: Browser, server: Server, user: object, url: str) -> Page:
    """The user's own browser on the page, told of the event's changes, marked unreloaded."""
    context = browser.new_context()
    sign_in(context, server, user)
    page = context.new_page()
    page.goto(url)
    notices_connected(page)
    page.evaluate("window.notReloaded = true")
    return page


def test_check_in_appears_for_a_waiting_player_and_the_organizer_sees_them_check_in(
    browser: Browser, asgi_server: Server
) -> None:
    alice = person("alice")
    event = event_with(alice)
    url = f"{asgi_server.url}/tournaments/{event.pk}/"
    player = follow(browser, asgi_server, alice, url)
    organizer = follow(browser, asgi_server, event.organizer, url)
    expect(organizer.locator("#tournament-organizer")).to_contain_text("Open check-in")

    off_the_browser_loop(
        services.tournament_open_check_in, tournament_id=event.pk, user=event.organizer
    )
    check_in = player.get_by_role("button", name=re.compile("^Check in "))
    expect(check_in).to_be_visible()
    expect(organizer.locator("#tournament-organizer")).not_to_contain_text("Open check-in")
    assert player.evaluate("window.notReloaded") and organizer.evaluate("window.notReloaded")

    check_in.click()
    alices = organizer.locator("#tournament-entries li", has_text="alice")
    expect(alices).to_contain_text("checked in")
    assert organizer.evaluate("window.notReloaded")
    player.context.close()
    organizer.context.close()


def test_an_organizer_typing_an_entry_keeps_it_while_the_page_changes_around_it(
    browser: Browser, asgi_server: Server
) -> None:
    event = event_with(bot_player())
    organizer = follow(
        browser, asgi_server, event.organizer, f"{asgi_server.url}/tournaments/{event.pk}/"
    )
    organizer.get_by_text("Add an entry").click()
    typed = organizer.locator("input[name=player_one]")
    typed.fill("someone")

    newcomers = [person("newcomer"), bot_player()]
    off_the_browser_loop(
        services.entry_register, tournament_id=event.pk, user=event.organizer, players=newcomers
    )
    expect(organizer.locator("#tournament-entries")).to_contain_text("newcomer")
    expect(typed).to_have_value("someone")
    expect(typed).to_be_focused()

    off_the_browser_loop(
        services.tournament_open_check_in, tournament_id=event.pk, user=event.organizer
    )
    expect(organizer.locator("#tournament-live .status-line")).to_contain_text("Check-in")
    expect(organizer.locator("#tournament-organizer")).to_contain_text("Open check-in")  # held
    typed.fill("")
    organizer.get_by_text("Add an entry").click()  # closes it: what waited comes in
    organizer.locator("h1").click()
    expect(organizer.locator("#tournament-organizer")).not_to_contain_text("Open check-in")
    assert organizer.evaluate("window.notReloaded")
    organizer.context.close()
