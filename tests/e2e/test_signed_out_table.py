"""A player who signs out in another tab (on a shared computer, say) leaves no table page that
shows their cards or plays for them: it redraws as anyone signed out sees it. Their pages' notices
stop; after a password change in this browser, they go on."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, WebSocket, expect

from accounts.notifications import user_notify
from tests.e2e.browser import off_the_browser_loop, person_signing_in_with, sign_in
from tests.e2e.screen import seated_against_bots
from tests.e2e.test_tournament_live import notices_connected
from tests.games.factories import person
from tests.helpers import Server

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

OLD = "an-old-long-pw-41"


def test_signing_out_in_another_tab_turns_the_table_into_a_spectators(
    page: Page, asgi_server: Server
) -> None:
    seated_against_bots(page, asgi_server, "belote", "sharing")
    expect(page.locator("#role")).to_have_text("You are playing.")
    expect(page.locator("#hand .card")).to_have_count(5)

    other_tab = page.context.new_page()
    other_tab.goto(f"{asgi_server.url}/tables/")
    other_tab.get_by_role("button", name="Sign out").click()
    expect(other_tab.get_by_role("navigation", name="Main")).to_contain_text("Sign in")

    expect(page.locator("#role")).to_have_text("You are watching.")
    expect(page.locator("#connection")).to_have_text("Connected.")
    expect(page.locator("#hand .card")).to_have_count(0)
    assert page.get_by_role("button", name="Leave the table").count() == 0


def notifications(socket: WebSocket) -> bool:
    return socket.url.endswith("/ws/notifications/")


def test_a_password_changed_in_another_tab_keeps_this_tabs_notices(
    page: Page, asgi_server: Server
) -> None:
    """The change signs out every other session and gives this one a new key: this tab's
    notices socket, closed with the old key, opens again with the new one."""
    user = off_the_browser_loop(person_signing_in_with, username="changer", password=OLD)
    sign_in(page.context, asgi_server, user)
    page.goto(f"{asgi_server.url}/tables/")
    notices_connected(page)

    other_tab = page.context.new_page()
    other_tab.goto(f"{asgi_server.url}/accounts/password/")
    other_tab.locator("[name=old_password]").fill(OLD)
    other_tab.locator("[name=new_password1]").fill("a-new-long-pw-42")
    other_tab.locator("[name=new_password2]").fill("a-new-long-pw-42")
    with page.expect_websocket(notifications) as reopened:
        other_tab.get_by_role("button", name="Change password").click()
    expect(other_tab.get_by_role("main")).to_contain_text("Your password is changed.")
    assert not reopened.value.is_closed()
    notices_connected(page)
    payload = {"type": "invitation", "message": "Still here", "url": "/tables/", "action": "Go"}
    off_the_browser_loop(user_notify, user_id=user.pk, payload=payload)
    expect(page.locator("#site-notice")).to_contain_text("Still here")


def test_signing_out_in_another_tab_stops_this_tabs_notices(
    page: Page, asgi_server: Server
) -> None:
    user = off_the_browser_loop(person, name="leaving")
    sign_in(page.context, asgi_server, user)
    page.goto(f"{asgi_server.url}/tournaments/")
    notices_connected(page)

    other_tab = page.context.new_page()
    other_tab.goto(f"{asgi_server.url}/tournaments/")
    with page.expect_websocket(notifications) as tried_again:
        other_tab.get_by_role("button", name="Sign out").click()
    if not tried_again.value.is_closed():  # not already, as Playwright heard it
        tried_again.value.wait_for_event("close")
    assert not page.evaluate("window.beloteNotices.connected()")
