"""The pages' scripts in a pseudo-locale: the browser gets a script catalog (/jsi18n/) whose
every message reads ⟦message⟧, the server speaks real Bulgarian (Cyrillic), so a Latin word
shown outside the brackets is a script string that never went through gettext. Played through
the lobby, a table in play up to its end (a one-deal match), a notice, the hand's replay
with its analysis, the deals' check in the browser and a tournament page."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import suppress

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from accounts.models import User
from accounts.notifications import user_notify
from games.queries import BOT_SEAT_NAMES
from games.services import table_create
from tests.e2e.browser import click_and_wait, off_the_browser_loop, sign_in
from tests.e2e.screen import SIZES, wait_for_a_move
from tests.games.factories import person
from tests.helpers import Server, Worker, artifact_path
from tests.i18n.catalogs import LOCALE, read_po
from tests.i18n.test_pseudo_locale import BRACKETED, LATIN_WORD, NOT_WORDS, pseudo
from tests.tournaments.factories import ready_to_start

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# What a reader sees and hears: the page's text, its tooltips and labels; apart, the text of
# elements not meant to be translated (code, keys, each language's own name in the switch).
SEEN = """() => {
  const labelled = document.querySelectorAll("[title], [aria-label], [placeholder]");
  const labels = Array.from(labelled, (e) =>
    [e.title, e.getAttribute("aria-label"), e.placeholder].join(" "));
  const verbatim = document.querySelectorAll("code, pre, kbd, .language-switch");
  return [[document.body.innerText, ...labels].join(" "),
          Array.from(verbatim, (e) => e.textContent).join(" ")];
}"""


def pseudo_catalog() -> str:
    """Script appended to /jsi18n/: every message of our script catalog as ⟦message⟧."""
    catalog: dict[str, object] = {}
    for entry in read_po(LOCALE / "bg" / "LC_MESSAGES" / "djangojs.po"):
        key = entry["msgid"]
        if "msgctxt" in entry:
            key = f"{entry['msgctxt']}\x04{key}"
        if "msgid_plural" in entry:
            catalog[key] = [pseudo(entry["msgid"]), pseudo(entry["msgid_plural"])]
        else:
            catalog[key] = pseudo(entry["msgid"])
    return f"\nObject.assign(globalThis.django.catalog, {json.dumps(catalog)});\n"


def latin_in_bulgarian() -> set[str]:
    """Latin words the Bulgarian translations keep (SHA-256, JSON): the server's, not leaks."""
    entries = read_po(LOCALE / "bg" / "LC_MESSAGES" / "django.po")
    return {word for e in entries for word in LATIN_WORD.findall(e.get("msgstr", ""))}


@pytest.fixture
def pseudo_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A Bulgarian browser whose script catalog is the pseudo-locale; a screenshot if failed."""
    context = browser.new_context(locale="bg", viewport=SIZES["laptop"])
    extra = pseudo_catalog()

    def pseudo_jsi18n(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=response.text() + extra)

    context.route("**/jsi18n/", pseudo_jsi18n)
    page = context.new_page()
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        page.screenshot(path=artifact_path(f"{request.node.name}-failure.png"), full_page=True)
    context.close()


class Leaks:
    """Latin words seen outside the pseudo-locale's brackets, by where they were seen."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.found: dict[str, set[str]] = {}
        self.allowed = NOT_WORDS | latin_in_bulgarian()

    def look(self, where: str) -> None:
        text, verbatim = self.page.evaluate(SEEN)
        while BRACKETED.search(text):
            text = BRACKETED.sub(" ", text)
        names = [*(str(user) for user in User.objects.all()), *BOT_SEAT_NAMES, verbatim]
        allowed = self.allowed | {word for name in names for word in LATIN_WORD.findall(name)}
        words = {word for word in LATIN_WORD.findall(text) if word not in allowed}
        if words:
            self.found.setdefault(where, set()).update(words)
            self.page.screenshot(path=artifact_path(f"pseudo-{where}.png"), full_page=True)

    def report(self) -> str:
        return "\n".join(f"{where}: {sorted(words)}" for where, words in self.found.items())


def test_every_script_string_goes_through_translation(
    pseudo_page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    page = pseudo_page
    player = person("псевдо")
    sign_in(page.context, asgi_server, player)
    leaks = Leaks(page)

    page.goto(f"{asgi_server.url}/tables/")
    expect(page.locator("html")).to_have_attribute("lang", "bg")
    leaks.look("lobby")

    table = off_the_browser_loop(
        table_create, creator=player, variant="bulgarian", bot_seats=(1, 2, 3),
        bot_delay_ms=0, trick_pause_ms=0, turn_seconds=600, max_hands=1,
    )  # fmt: skip
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#table-app")).not_to_have_attribute("data-version", "-1")
    deadline = time.monotonic() + 240
    while (move := wait_for_a_move(page, deadline)) != "match-end":
        leaks.look(f"table-{move}")
        if move == "summary":
            with suppress(PlaywrightTimeoutError):  # the match's end replaced it meanwhile
                page.locator("#summary-close").click(timeout=3_000)
        elif move == "bid":
            contract = "#bidding button.bid:not([data-bid=pass]):not([disabled])"
            click_and_wait(page, contract if page.locator(contract).count() else "[data-bid=pass]")
        else:
            click_and_wait(page, "#hand button.legal")
    leaks.look("match-end")

    # A table of the next round (the notice is not shown at the very table it names).
    off_the_browser_loop(
        user_notify, user_id=player.pk,
        payload={"type": "table_ready", "url": f"/tables/{table.pk + 1}/", "texts": {
            "message": ["Your table is ready: round %(round)d of %(name)s.",
                        {"round": 2, "name": "Купа"}],
            "action": ["Go to your table", {}],
        }},
    )  # fmt: skip
    expect(page.locator("#site-notice")).to_be_visible()
    leaks.look("notice")

    page.goto(f"{asgi_server.url}/tables/{table.pk}/hands/1/")
    steps = int(page.locator("#replay-step").get_attribute("max") or "0")
    for step in range(steps):
        leaks.look(f"replay-step-{step}")
        page.locator("#replay-next").click()
    leaks.look("replay-end")

    page.goto(f"{asgi_server.url}/tables/{table.pk}/deals/")
    page.locator("#deals-check").click()
    expect(page.locator("#deals-summary")).not_to_be_empty()
    leaks.look("deals")

    event, _people = off_the_browser_loop(
        ready_to_start, bot_entries=4, variant="bulgarian", name="Купа"
    )
    page.goto(f"{asgi_server.url}/tournaments/{event.pk}/")
    leaks.look("tournament")

    assert not leaks.found, leaks.report()


def test_the_pseudo_locale_catches_a_script_string_left_in_english(
    pseudo_page: Page, asgi_server: Server
) -> None:
    """The check itself: the script's catalog is the pseudo one, and bare English is caught."""
    page = pseudo_page
    table = off_the_browser_loop(
        table_create, creator=None, variant="bela", bot_seats=(0, 1, 2, 3), bot_delay_ms=0
    )
    page.goto(f"{asgi_server.url}/tables/{table.pk}/deals/")
    assert page.evaluate("gettext('Clubs')") == pseudo("Clubs")
    leaks = Leaks(page)
    leaks.look("deals")
    assert leaks.found == {}
    page.evaluate("document.querySelector('main').append('Forgotten words')")
    leaks.look("deals")
    assert leaks.found == {"deals": {"Forgotten", "words"}}
