"""The lobby's lists of tables on a phone: each player's name keeps its "bot" badge and its
comma (a line of names began with "[bot], Chloé" under "Ana [bot], Boris"), and the link at
the end of each row is never cut off; what a rated match against the computer puts at stake
follows the rule set and the level chosen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from games.models import Table
from tests.e2e.browser import off_the_browser_loop, sign_in
from tests.e2e.screen import PHONE, separated_from_their_name
from tests.games.factories import bot_table, person
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def finished_bot_tables() -> None:
    for variant in ("bela", "belote", "bulgarian", "coinche"):
        Table.objects.filter(pk=bot_table(variant).pk).update(status=Table.Status.FINISHED)


@pytest.mark.parametrize("language", ["en", "bg", "hr", "fr"])
def test_names_keep_their_badges_and_commas_on_a_phone(
    browser: Browser, asgi_server: Server, language: str
) -> None:
    off_the_browser_loop(finished_bot_tables)
    context = browser.new_context(locale=language, viewport=PHONE)
    page = context.new_page()
    page.goto(f"{asgi_server.url}/tables/")
    expect(page.locator("#lobby-tables tbody tr")).to_have_count(4)
    page.screenshot(path=artifact_path(f"lobby-lists-{language}.png"), full_page=True)
    assert separated_from_their_name(page) == []
    # A table wider than the phone scrolls inside itself: its last column was cut off.
    cut = page.locator("#lobby-tables table").evaluate_all(
        "(tables) => tables.filter((t) => t.scrollWidth > t.clientWidth + 1).length"
    )
    assert cut == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_stake_follows_the_rule_set_and_the_level_chosen(
    browser: Browser, asgi_server: Server, language: str
) -> None:
    player = off_the_browser_loop(person)
    context = browser.new_context(locale=language, viewport=PHONE)
    sign_in(context, asgi_server, player)
    page = context.new_page()
    page.goto(f"{asgi_server.url}/tables/")
    shown = page.locator(".stake:visible")
    expect(shown).to_have_count(1)
    page.select_option("#id_variant", "coinche")
    page.select_option("#id_bot_level", "hard")
    expect(shown).to_have_count(1)
    expect(shown).to_have_attribute("data-variant", "coinche")
    expect(shown).to_have_attribute("data-level", "hard")
    expect(shown).to_contain_text("si vous gagnez" if language == "fr" else "if you win")
    assert page.locator("#stakes").get_attribute("aria-live") == "polite"
    page.screenshot(path=artifact_path(f"lobby-stake-{language}.png"), full_page=True)
    context.close()
