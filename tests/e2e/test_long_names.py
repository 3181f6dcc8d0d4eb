"""Players with long names, and long words: the pages keep them inside a phone's screen.

The score box's opponents' column ran past the box's edge, "Bartholomew Fitzgerald et
Marie-Chantal Delacroix" cut off unseen (a name now shows cut short, with an ellipsis, and
whole to a screen reader and on hover; a phone's side seat broke "Bartholom" / "ew" where it
now ends a word too wide with an ellipsis); a name in one piece widened a player's page past the
screen, pushed a leaderboard's ratings out of sight, and a link said in the chat was cut off.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from accounts.models import Rating, User
from games.services import chat_post
from tests.e2e.browser import off_the_browser_loop, sign_in
from tests.e2e.screen import SIDEWAYS, SIZES, at_size
from tests.games.factories import people_table
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = [
    "Alexandrina",
    "Bartholomew Fitzgerald",
    "Krešimir Šimunović-Horvat",
    "Marie-Chantal Delacroix",
]
# The seats' names in the page's order (top, left, right, bottom: the viewer's, seat 0).
SEATED = [NAMES[2], NAMES[3], NAMES[1], "Vous"]
TEAMS = ["Vous et Krešimir Šimunović-Horvat", "Bartholomew Fitzgerald et Marie-Chantal Delacroix"]
SMALL_PHONE = {"small-phone": {"width": 360, "height": 740}}

# The score box's cells that reach past its padding box, by their text.
SPILLED = """() => {
  const box = document.getElementById("scoreboard").getBoundingClientRect();
  return [...document.querySelectorAll("#scoreboard th, #scoreboard td")]
    .filter((cell) => cell.getBoundingClientRect().right > box.right + 0.5)
    .map((cell) => cell.textContent);
}"""


# Words of the seats' names laid out over more than one line ("Bartholom" / "ew" on a phone);
# a hyphen may end a line ("Marie-" / "Chantal").
NAMES_SPLIT = """() => [...document.querySelectorAll("#table-app .seat-name strong")]
  .flatMap((name) => [...name.textContent.matchAll(/[^\\s-]+/g)].filter((word) => {
    const range = document.createRange();
    range.setStart(name.firstChild, word.index);
    range.setEnd(name.firstChild, word.index + word[0].length);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
  }).map((word) => word[0]))"""


def test_long_names_stay_inside_the_score_box_and_are_whole_to_a_screen_reader(
    page: Page, asgi_server: Server
) -> None:
    table, people = off_the_browser_loop(people_table, variant="belote")
    for user, name in zip(people, NAMES, strict=True):
        User.objects.filter(pk=user.pk).update(display_name=name)
    sign_in(page.context, asgi_server, people[0])
    page.context.add_cookies([{"name": "django_language", "value": "fr", "url": asgi_server.url}])
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#scoreboard th.team")).to_have_count(2)
    for name, size in {**SIZES, **SMALL_PHONE, **SIDEWAYS}.items():
        at_size(page, size)
        assert page.evaluate(SPILLED) == [], name
        assert page.evaluate(NAMES_SPLIT) == [], name
        for seat, person in zip(
            page.locator("#table-app .seat-name strong").all(), SEATED, strict=True
        ):
            expect(seat).to_have_text(person)
            expect(seat).to_have_attribute("title", person)
        for heading, team in zip(page.locator("#scoreboard th.team").all(), TEAMS, strict=True):
            expect(heading).to_have_text(team)
            expect(heading).to_have_attribute("title", team)
        page.screenshot(path=artifact_path(f"table-long-names-{name}.png"))


# A name with no space to break at, and a link, each wider than a phone.
ONE_PIECE = "Marie-ChantalDelacroixDeLaTourDuPin"
LINK = "https://example.com/a/very/long/link/that/never/breaks/anywhere/at/all"
FITS = """(selector) => [...document.querySelectorAll(selector)]
  .every((e) => e.scrollWidth <= e.clientWidth)"""


def test_names_and_links_in_one_piece_break_inside_a_phones_screen(
    page: Page, asgi_server: Server
) -> None:
    table, people = off_the_browser_loop(people_table, variant="belote")
    for user, name in zip(people, [*NAMES[:3], ONE_PIECE], strict=True):
        User.objects.filter(pk=user.pk).update(display_name=name)
        Rating.objects.create(user=user, variant="belote", rated_matches=30)
    off_the_browser_loop(chat_post, table_id=table.pk, user=people[3], text=LINK)
    sign_in(page.context, asgi_server, people[0])
    at_size(page, SIZES["phone"])
    pages = {
        "player": (f"/players/{people[3].username}/", "h1"),
        "leaderboard": ("/leaderboards/belote/", "main table"),
        "chat": (f"/tables/{table.pk}/", ".chat-lines"),
    }
    for name, (path, selector) in pages.items():
        page.goto(f"{asgi_server.url}{path}")
        expect(page.locator(selector).filter(has_text=ONE_PIECE[:13]).first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        assert page.evaluate(FITS, selector), name
        page.screenshot(path=artifact_path(f"long-names-{name}-phone.png"), full_page=True)
