"""The site's header in a real browser: one line on an upright phone, with its links behind a
"Menu" button that the finger, the keyboard and a screen reader can open and close; the
links in the header's line on a laptop."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browser import sign_in
from tests.e2e.screen import SIZES
from tests.games.factories import person
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MENU = {"en": "Menu", "bg": "Меню"}
LINKS = {
    "en": ["Play", "Tournaments", "Leaderboards", "Profile"],
    "bg": ["Играй", "Турнири", "Класации", "Профил"],
}


def signed_in_page(browser: Browser, server: Server, language: str, size: str) -> Page:
    """A signed-in player's lobby (the header's every item) in `language`, at `size`."""
    context = browser.new_context(locale=language, viewport=SIZES[size])
    sign_in(context, server, person(f"header-{language}-{size}"))
    page = context.new_page()
    page.goto(f"{server.url}/tables/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    return page


@pytest.mark.parametrize("language", sorted(MENU))
def test_an_upright_phone_has_a_one_line_header_with_its_links_behind_the_menu(
    browser: Browser, asgi_server: Server, language: str
) -> None:
    # The header's three lines (some 118 pixels: name, links, language) came off the table's
    # height on every page; now it is the site's name and one button.
    page = signed_in_page(browser, asgi_server, language, "phone")
    header = page.locator("body > header")
    box = header.bounding_box()
    assert box is not None and box["height"] <= 56, box
    nav = page.get_by_role("navigation")
    links = [nav.get_by_role("link", name=name) for name in LINKS[language]]
    menu = header.locator("summary")
    expect(menu).to_contain_text(MENU[language])
    for link in links:
        expect(link).to_be_hidden()

    menu.click()
    for link in links:
        expect(link).to_be_visible()
    expect(nav.locator("button[type=submit]")).to_be_visible()  # sign out
    expect(page.locator("#language-choice")).to_be_visible()
    for link in links:
        link_box = link.bounding_box()
        assert link_box is not None and link_box["height"] >= 24, "a finger's target"
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"]["width"]
    page.screenshot(path=artifact_path(f"header-menu-{language}-phone.png"))

    page.keyboard.press("Escape")
    expect(links[0]).to_be_hidden()
    expect(menu).to_be_focused()
    page.keyboard.press("Enter")
    expect(links[0]).to_be_visible()
    page.mouse.click(2, SIZES["phone"]["height"] - 10)  # a tap on the page below the menu
    expect(links[0]).to_be_hidden()
    page.context.close()


@pytest.mark.parametrize("language", sorted(MENU))
def test_a_laptop_shows_the_links_in_the_header_line_without_a_menu(
    browser: Browser, asgi_server: Server, language: str
) -> None:
    page = signed_in_page(browser, asgi_server, language, "laptop")
    header = page.locator("body > header")
    expect(header.locator("summary")).to_be_hidden()
    nav = page.get_by_role("navigation")
    for name in LINKS[language]:
        expect(nav.get_by_role("link", name=name)).to_be_visible()
    expect(page.locator("#language-choice")).to_be_visible()
    box = header.bounding_box()
    assert box is not None and box["height"] <= 60, "one line"
    page.screenshot(path=artifact_path(f"header-{language}-laptop.png"))
    page.context.close()
