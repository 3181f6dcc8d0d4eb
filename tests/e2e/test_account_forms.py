"""The account pages' forms on a phone and a laptop: each name over its field, the help under
it, and the main button finger-sized."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.browser import off_the_browser_loop, sign_in
from tests.e2e.screen import SIZES, names_beside_fields
from tests.games.factories import person
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIGNED_OUT = {
    "/accounts/register/": "Create account",
    "/accounts/login/": "Sign in",
    "/accounts/password/reset/": "Send the link",
}
SIGNED_IN = {
    "/accounts/profile/": "Save",
    "/accounts/password/": "Change password",
    "/accounts/close/": "Close my account",
}


def check(page: Page, url: str, button: str) -> None:
    page.goto(url)
    for size_name, size in SIZES.items():
        page.set_viewport_size(size)
        name = url.rstrip("/").rsplit("/", 1)[-1]
        page.screenshot(path=artifact_path(f"account-{name}-{size_name}.png"), full_page=True)
        assert names_beside_fields(page) == [], f"{url} {size_name}"
        box = page.locator("main").get_by_role("button", name=button, exact=True).bounding_box()
        assert box is not None and box["height"] >= 44, f"{url} {size_name}: {button}"
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]


def test_account_forms_keep_each_name_over_its_field(page: Page, asgi_server: Server) -> None:
    for path, button in SIGNED_OUT.items():
        check(page, asgi_server.url + path, button)
    sign_in(page.context, asgi_server, off_the_browser_loop(lambda: person("formfiller")))
    for path, button in SIGNED_IN.items():
        check(page, asgi_server.url + path, button)


def test_a_refused_field_says_why_beside_it_in_red(page: Page, asgi_server: Server) -> None:
    page.goto(asgi_server.url + "/accounts/register/")
    page.set_viewport_size(SIZES["phone"])
    page.locator("#id_username").fill("taken")
    off_the_browser_loop(lambda: person("taken"))
    page.locator("#id_password1").fill("a-long-pass-2026")
    page.locator("#id_password2").fill("a-long-pass-2027")
    page.get_by_role("button", name="Create account").click()
    error = page.locator("#id_password2").locator("xpath=..").locator(".errorlist")
    expect(error).to_be_visible()
    # Waited for: the page is laid out before its style sheet may have come.
    expect(error).to_have_css("color", "rgb(164, 22, 26)")
    page.screenshot(path=artifact_path("account-register-refused-phone.png"), full_page=True)
    assert names_beside_fields(page) == []


def test_a_new_token_shows_whole_and_its_revoke_is_in_reach_on_a_phone(
    page: Page, asgi_server: Server
) -> None:
    """The key ran off a phone's screen, and Revoke sat in a column scrolled out of sight."""
    sign_in(page.context, asgi_server, off_the_browser_loop(lambda: person("scripter")))
    page.set_viewport_size(SIZES["phone"])
    page.goto(asgi_server.url + "/accounts/profile/")
    page.locator("#id_name").fill("My tournament bot with a long name")
    page.get_by_role("button", name="Create token").click()
    page.screenshot(path=artifact_path("account-token-phone.png"), full_page=True)
    width = SIZES["phone"]["width"]
    for target in (page.locator("#new-key"), page.get_by_role("button", name="Revoke")):
        box = target.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    revoke = page.get_by_role("button", name="Revoke").bounding_box()
    assert revoke is not None and revoke["height"] >= 44
