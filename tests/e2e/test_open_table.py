"""A table for people, as its host and a friend live it: the host opens it in the lobby, puts
a computer player beside them as partner, sends the link; the friend, on a phone and without
an account, sits as a guest in the seat they choose; the host fills the last seat with a
computer player and the cards are dealt on both screens. The felt said only "Free seat" four
times before, and the link asked a friend to sign in."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.browser import sign_in
from tests.e2e.screen import SIZES
from tests.e2e.test_accessibility import serious_violations
from tests.games.factories import person
from tests.helpers import Server, Worker, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_host_seats_a_computer_partner_a_friend_sits_and_the_last_seat_deals(
    browser: Browser, asgi_server: Server, celery_worker: Worker
) -> None:
    host_context = browser.new_context(viewport=SIZES["laptop"])
    sign_in(host_context, asgi_server, person("host"))
    host = host_context.new_page()
    host.goto(f"{asgi_server.url}/tables/")
    host.locator("button[name=mode][value=open]").click()
    waiting = host.locator("#waiting-room")
    expect(waiting).to_be_visible()
    expect(host.locator("#connection")).to_have_text("Connected.")
    host.get_by_role("button", name="Copy the link").click()
    expect(host.locator("#copied")).not_to_be_empty()
    link = host.locator("#invite-link").input_value()
    assert link == host.url

    host.get_by_role("button", name="A computer player as your partner").click()
    expect(host.locator("#pos-top .badge.level")).to_have_text("Easy")
    expect(host.locator("#pos-top")).not_to_contain_text("Free seat")
    expect(host.locator("#scoreboard")).to_have_text("Waiting for 2 more players.")
    host.screenshot(path=artifact_path("open-table-host-laptop.png"))
    assert serious_violations(host) == []

    friend_context = browser.new_context(viewport=SIZES["phone"], is_mobile=True, has_touch=True)
    friend = friend_context.new_page()
    friend.goto(link)
    expect(friend.locator("#waiting-room")).to_be_visible()
    expect(friend.locator("#waiting-room")).to_contain_text("you sit down as a guest")
    expect(friend.get_by_role("button", name="Computer player")).to_have_count(0)
    sits = friend.get_by_role("button", name="Sit here")
    expect(sits).to_have_count(2)
    expect(friend.get_by_role("button", name="Take a seat")).to_have_count(0)  # one way to sit
    friend.screenshot(path=artifact_path("open-table-friend-phone.png"))
    assert serious_violations(friend) == []
    sits.first.click()
    expect(friend.locator("#role")).to_have_text("You are playing.")
    expect(host.locator(".seat", has_text="Guest")).to_be_visible()  # told by the socket
    expect(host.locator("#scoreboard")).to_have_text("Waiting for 1 more player.")

    host.get_by_role("button", name="Computer player").click()  # the one free seat left
    for page in (host, friend):
        expect(page.locator("#hand .card").first).to_be_visible()
        expect(page.locator("#waiting-room")).to_be_hidden()
        expect(page.locator(".seat-choice")).to_have_count(0)
    friend.screenshot(path=artifact_path("open-table-dealt-phone.png"))
    host_context.close()
    friend_context.close()
