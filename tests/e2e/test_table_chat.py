"""The table chat as players live it: a page opened or reloaded mid-match shows what was said
before it, each line once, and a screen reader hears the new lines as they come."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import ChatMessage
from games.services import chat_post
from tests.e2e.browser import off_the_browser_loop, sign_in
from tests.e2e.screen import SIZES
from tests.e2e.test_table_reconnect import BACK, Cable
from tests.games.factories import people_table
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def said_at(lines: list[str]) -> list[re.Pattern[str]]:
    """Chat lines as the box shows them, each after the time it was said ("19:05 ann: hi")."""
    return [re.compile(rf"^\d\d:\d\d {re.escape(line)}$") for line in lines]


def test_a_reloaded_page_keeps_the_chat_each_line_once(page: Page, asgi_server: Server) -> None:
    # The box showed only the lines said while the page was open: a reload emptied it.
    table, users = off_the_browser_loop(people_table, variant="bela")
    off_the_browser_loop(chat_post, table_id=table.pk, user=users[1], text="good luck")
    sign_in(page.context, asgi_server, users[0])
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    lines = page.locator("#chat-lines li")
    before = f"{users[1].username}: good luck"
    expect(lines).to_have_text(said_at([before]))
    # When it was said, in the viewer's clock: a line read after a reload may be an old one.
    expect(lines.first.locator("time")).to_have_attribute("datetime", re.compile(r"^\d{4}-"))
    expect(page.locator("#chat-lines")).to_have_attribute("aria-live", "polite")
    page.locator("#chat-text").fill("thanks")
    page.locator("#chat-form button").click()
    both = [before, f"{users[0].username}: thanks"]
    expect(lines).to_have_text(said_at(both))
    page.set_viewport_size(SIZES["phone"])
    page.reload()
    expect(lines).to_have_text(said_at(both))
    page.locator("#chat").scroll_into_view_if_needed()
    page.screenshot(path=artifact_path("chat-after-reload-phone.png"))
    page.locator("#chat-text").fill("again")
    page.locator("#chat-form button").click()
    expect(lines).to_have_text(said_at([*both, f"{users[0].username}: again"]))


NEWEST_IN_SIGHT = """() => {
  const box = document.getElementById("chat-lines").getBoundingClientRect();
  const newest = document.querySelector("#chat-lines li:last-child").getBoundingClientRect();
  return newest.top >= box.top - 1 && newest.bottom <= box.bottom + 1;
}"""


def test_the_newest_line_is_in_sight(page: Page, asgi_server: Server) -> None:
    # The box scrolls past ten lines: a page opened on forty showed the oldest, the newest
    # hidden below.
    table, users = off_the_browser_loop(people_table, variant="bela")
    ChatMessage.objects.bulk_create(
        ChatMessage(table=table, user=users[1], channel="players", text=f"line {n}")
        for n in range(40)
    )
    sign_in(page.context, asgi_server, users[0])
    page.set_viewport_size(SIZES["phone"])
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#chat-lines li")).to_have_count(40)
    page.wait_for_function(NEWEST_IN_SIGHT)
    page.locator("#chat-text").fill("the newest")
    page.locator("#chat-form button").click()
    newest = page.locator("#chat-lines li").last
    expect(newest).to_have_text(said_at([f"{users[0].username}: the newest"])[0])
    page.wait_for_function(NEWEST_IN_SIGHT)


def test_the_head_counts_the_lines_said_out_of_sight(page: Page, asgi_server: Server) -> None:
    # The chat sits below the table, which fills the screen: a line said during play went
    # unseen unless the player happened to scroll down.
    table, users = off_the_browser_loop(people_table, variant="bela")
    sign_in(page.context, asgi_server, users[0])
    page.set_viewport_size(SIZES["laptop"])
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#connection")).to_have_text("Connected.")
    unread = page.locator("#chat-unread")
    expect(unread).to_be_hidden()
    felt = page.locator("#felt").bounding_box()
    for text in ("good luck", "have fun"):
        off_the_browser_loop(chat_post, table_id=table.pk, user=users[1], text=text)
    expect(unread.locator(".visually-hidden")).to_have_text("2 new lines")
    expect(unread.locator("[aria-hidden=true]")).to_have_text("2")
    assert page.locator("#felt").bounding_box() == felt, "the table stays put"
    page.screenshot(path=artifact_path("chat-unread-laptop.png"))
    expect(page.locator("#chat-jump")).to_be_in_viewport()
    page.locator("#chat-jump").click()
    expect(page.locator("#chat-lines li").last).to_be_in_viewport()
    expect(unread).to_be_hidden()
    # In sight, a new line counts for nothing.
    off_the_browser_loop(chat_post, table_id=table.pk, user=users[2], text="thanks")
    expect(page.locator("#chat-lines li")).to_have_count(3)
    expect(unread).to_be_hidden()


def test_lines_said_while_the_socket_was_down_come_back_in_order(
    page: Page, asgi_server: Server
) -> None:
    table, users = off_the_browser_loop(people_table, variant="bela")
    cable = Cable(page)
    sign_in(page.context, asgi_server, users[0])
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#connection")).to_have_text("Connected.")
    off_the_browser_loop(chat_post, table_id=table.pk, user=users[1], text="before")
    lines = page.locator("#chat-lines li")
    expect(lines).to_have_text(said_at([f"{users[1].username}: before"]))
    cable.cut_now()
    expect(page.locator("#connection")).to_have_text("Connection lost; reconnecting…")
    for text in ("while away", "still away"):
        off_the_browser_loop(chat_post, table_id=table.pk, user=users[2], text=text)
    cable.mend()
    expect(page.locator("#connection")).to_have_text("Connected.", timeout=BACK)
    off_the_browser_loop(chat_post, table_id=table.pk, user=users[1], text="after")
    said = ["before", "while away", "still away", "after"]
    names = [users[1], users[2], users[2], users[1]]
    expect(lines).to_have_text(
        said_at([f"{u.username}: {t}" for u, t in zip(names, said, strict=True)])
    )


# Where a chat line's message begins on screen, and where its author's name ends.
MESSAGE_AFTER_NAME = """(line) => {
  const name = line.querySelector("strong").getBoundingClientRect();
  const words = line.lastChild;  // the message, the text after the name
  const first = document.createRange();
  first.setStart(words, 0);
  first.setEnd(words, 1);
  return { nameRight: name.right, messageLeft: first.getBoundingClientRect().left };
}"""


def test_a_name_in_a_right_to_left_script_keeps_to_its_place_in_the_line(
    page: Page, asgi_server: Server
) -> None:
    """An Arabic name before a message that opens with a number: the number was drawn inside
    the name's run of right-to-left text ("3 :محمد tricks to go"), before the name."""
    table, users = off_the_browser_loop(people_table, variant="belote")
    users[1].display_name = "محمد"
    off_the_browser_loop(users[1].save, update_fields=["display_name"])
    off_the_browser_loop(chat_post, table_id=table.pk, user=users[1], text="3 tricks to go")
    sign_in(page.context, asgi_server, users[0])
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    line = page.locator("#chat-lines li")
    expect(line).to_have_text(said_at(["محمد: 3 tricks to go"]))
    where = line.evaluate(MESSAGE_AFTER_NAME)
    assert where["messageLeft"] >= where["nameRight"], where
