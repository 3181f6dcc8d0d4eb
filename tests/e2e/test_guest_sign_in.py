"""A visitor plays as a guest, remembers they have an account, signs in from the site's
header, and plays the same match on as themselves (a phone, a real worker dealing and playing
the computer players)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.models import Table
from tests.accounts.factories import PASSWORD
from tests.e2e.browser import click_and_wait, current_version, person_signing_in_with
from tests.e2e.screen import PHONE
from tests.helpers import Server, Worker, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_guest_signs_in_and_plays_their_match_on(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    person_signing_in_with("ann", PASSWORD, display_name="Ann")
    page.set_viewport_size(PHONE)
    page.goto(asgi_server.url + "/")
    page.get_by_role("button", name="Play as a guest").click()
    expect(page.locator("#connection")).to_have_text("Connected.")
    table_path = page.url.removeprefix(asgi_server.url)
    table = Table.objects.get()
    first_version = current_version(page)

    menu = page.locator("header details.site-menu")
    menu.locator("summary").click()
    expect(menu.get_by_role("link", name="Profile")).to_have_count(0)
    menu.get_by_role("link", name="Sign in").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    expect(page.locator("main")).to_contain_text("a match you have not finished")
    page.locator("#id_username").fill("ann")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()

    page.wait_for_url(asgi_server.url + table_path)
    expect(page.locator("#connection")).to_have_text("Connected.")
    expect(page.locator("#pos-bottom")).to_contain_text("You")
    assert table.seats.get(number=0).user.username == "ann"
    assert current_version(page) > first_version  # the match went on, under her name
    # Her turn comes (the computer players bid or play first): her move is hers to make.
    move = page.locator("#bidding button, #hand button.legal")
    expect(move.first).to_be_visible(timeout=20_000)
    click_and_wait(page, "#bidding button, #hand button.legal")
    expect(page.locator("#error")).to_be_hidden()
    page.screenshot(path=artifact_path("guest-signed-in-phone.png"))
    menu.locator("summary").click()
    expect(menu.get_by_role("link", name="Profile")).to_be_visible()
