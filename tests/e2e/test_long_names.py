"""Players with long names: the score box keeps its columns inside it at every size. On a phone
the opponents' column ran past the box's edge, "Bartholomew Fitzgerald et Marie-Chantal
Delacroix" cut off unseen; a name now shows cut short, with an ellipsis, and whole to a
screen reader and on hover."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User
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
TEAMS = ["Vous et Krešimir Šimunović-Horvat", "Bartholomew Fitzgerald et Marie-Chantal Delacroix"]
SMALL_PHONE = {"small-phone": {"width": 360, "height": 740}}

# The score box's cells that reach past its padding box, by their text.
SPILLED = """() => {
  const box = document.getElementById("scoreboard").getBoundingClientRect();
  return [...document.querySelectorAll("#scoreboard th, #scoreboard td")]
    .filter((cell) => cell.getBoundingClientRect().right > box.right + 0.5)
    .map((cell) => cell.textContent);
}"""


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
        for heading, team in zip(page.locator("#scoreboard th.team").all(), TEAMS, strict=True):
            expect(heading).to_have_text(team)
            expect(heading).to_have_attribute("title", team)
        page.screenshot(path=artifact_path(f"table-long-names-{name}.png"))
