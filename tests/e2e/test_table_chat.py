"""The table chat as players live it: a page opened or reloaded mid-match shows what was said
before it, each line once, and a screen reader hears the new lines as they come."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.services import chat_post
from tests.e2e.test_table_play import off_the_browser_loop, sign_in
from tests.games.factories import people_table
from tests.helpers import Server

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_reloaded_page_keeps_the_chat_each_line_once(page: Page, asgi_server: Server) -> None:
    # The box showed only the lines said while the page was open: a reload emptied it.
    table, users = off_the_browser_loop(people_table, variant="bela")
    off_the_browser_loop(chat_post, table_id=table.pk, user=users[1], text="good luck")
    sign_in(page.context, asgi_server, users[0])
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    lines = page.locator("#chat-lines li")
    before = f"{users[1].username}: good luck"
    expect(lines).to_have_text([before])
    expect(page.locator("#chat-lines")).to_have_attribute("aria-live", "polite")
    page.locator("#chat-text").fill("thanks")
    page.locator("#chat-form button").click()
    both = [before, f"{users[0].username}: thanks"]
    expect(lines).to_have_text(both)
    page.reload()
    expect(lines).to_have_text(both)
    page.locator("#chat-text").fill("again")
    page.locator("#chat-form button").click()
    expect(lines).to_have_text([*both, f"{users[0].username}: again"])
