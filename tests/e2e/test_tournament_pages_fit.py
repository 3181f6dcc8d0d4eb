"""Tournament pages fit a phone (390x844) and a laptop (1366x768): nothing wider than the
screen but the tables and brackets that scroll inside their own box."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User
from tests.e2e.browser import off_the_browser_loop, sign_in
from tests.e2e.screen import names_beside_fields
from tests.helpers import Server, artifact_path
from tests.tournaments.factories import person, play_deals, ready_to_start, tournament
from tournaments import services
from tournaments.models import Round, RoundTable, Tournament
from tournaments.rounds import round_finalize, round_start

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": (390, 844), "laptop": (1366, 768)}


def played(event: Tournament, rounds: int) -> None:
    for number in range(1, rounds + 1):
        round_ = Round.objects.get(tournament=event, number=number)
        round_start(round_id=round_.pk)
        for table in RoundTable.objects.filter(round=round_, table__isnull=False):
            play_deals(table.table, 1)
        round_finalize(round_id=round_.pk)


# As long as people's names get: one word wider than a phone's column pushed the way to the
# table out of sight.
LONG_NAMES = [
    "Alexandrina Konstantinova-Petrova", "Bartholomew Fitzgerald", "Krešimir Šimunović-Horvat",
    "Marie-Chantal Delacroix",
]  # fmt: skip


def long_named_event() -> Tournament:
    """Two pairs of people with long names, the organizer among them, round 1 under way."""
    people = [person() for _ in LONG_NAMES]
    for user, name in zip(people, LONG_NAMES, strict=True):
        user.display_name = name
        user.save(update_fields=["display_name"])
    event = tournament(organizer=people[0])
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    pairs = {"The Extraordinarily Long-Named Team": people[:2], "": people[2:]}
    entries = [
        services.entry_register(tournament_id=event.pk, user=pair[0], players=pair, name=name)
        for name, pair in pairs.items()
    ]
    for entry, pair in zip(entries, pairs.values(), strict=True):
        services.entry_accept(entry_id=entry.pk, user=pair[1])
    services.tournament_open_check_in(tournament_id=event.pk, user=event.organizer)
    for entry, pair in zip(entries, pairs.values(), strict=True):
        services.entry_check_in(entry_id=entry.pk, user=pair[0])
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_start(round_id=Round.objects.get(tournament=event, number=1).pk)
    return event


def events() -> dict[str, Tournament]:
    swiss, _ = ready_to_start(
        bot_entries=6, swiss_rounds=2, name="Autumn Swiss with a rather long name",
        description="Prizes for the top three.\nBring your own coffee.",
    )  # fmt: skip
    services.tournament_start(tournament_id=swiss.pk, user=swiss.organizer)
    played(swiss, 2)
    knockout, _ = ready_to_start(
        bot_entries=5, format=Tournament.Format.SINGLE_ELIMINATION, third_place=True
    )
    services.tournament_start(tournament_id=knockout.pk, user=knockout.organizer)
    played(knockout, 1)
    individuals, _ = ready_to_start(
        bot_entries=6, entry_type=Tournament.EntryType.INDIVIDUALS, swiss_rounds=2,
        bot_level="medium",
    )  # fmt: skip
    services.tournament_start(tournament_id=individuals.pk, user=individuals.organizer)
    played(individuals, 1)  # two computer players fill the last table: the longest names
    registration, _ = ready_to_start(bot_entries=3)
    entering = tournament()
    services.tournament_open_registration(tournament_id=entering.pk, user=entering.organizer)
    return {
        "swiss": swiss,
        "knockout": knockout,
        "individuals": individuals,
        "check-in": registration,
        "entry": entering,
        "long-names": long_named_event(),
    }


def pages_that_ask_first(found: dict[str, Tournament]) -> dict[str, tuple[User, str]]:
    """The organizer's pages that ask before acting (cancel, withdraw an entry before the
    start, adjust a result), each with the organizer who may open it."""
    swiss, waiting = found["swiss"], found["check-in"]
    entry = waiting.entries.first()
    table = RoundTable.objects.filter(round__tournament=swiss, table__isnull=False).first()
    assert entry is not None and table is not None
    return {
        "cancel": (waiting.organizer, f"/tournaments/{waiting.pk}/cancel/"),
        "withdraw": (waiting.organizer, f"/tournaments/{waiting.pk}/entries/{entry.pk}/withdraw/"),
        "adjust": (swiss.organizer, f"/tournaments/{swiss.pk}/tables/{table.pk}/adjust/"),
    }


@pytest.mark.parametrize("size", sorted(SIZES))
def test_tournament_pages_fit_the_screen(asgi_server: Server, page: Page, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    found = off_the_browser_loop(events)
    sign_in(page.context, asgi_server, found["swiss"].organizer)
    for name, event in found.items():
        sign_in(page.context, asgi_server, event.organizer)
        page.goto(f"{asgi_server.url}/tournaments/{event.pk}/")
        for details in page.locator("main details").all():  # not the site's menu
            details.evaluate("element => element.open = true")
        page.screenshot(path=artifact_path(f"tournament-{name}-{size}.png"), full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{name} is {overflow}px wider than a {size}"
        # The organizer's and the player's forms: each field under its name, as elsewhere.
        assert names_beside_fields(page) == [], name
        # The organizer's actions lie in one box, laid out alike (a form inside a paragraph
        # closed it: the forms and the links after them fell out of the box).
        if page.locator("#standings").count():
            # Scrolled to its last column, a row still names its entry.
            region = page.locator("#standings").locator("xpath=..")
            region.evaluate("e => e.scrollLeft = 1e6")
            region.screenshot(path=artifact_path(f"tournament-{name}-{size}-standings-end.png"))
            entry = page.locator("#standings tbody tr").first.locator("td").nth(1).bounding_box()
            assert entry is not None and entry["x"] >= 0, f"{name}: the entry scrolled away"
        # A round's tables fit a phone whole: their last column, the way to the table, was
        # out of sight there while the result named the winners again.
        for region in page.locator(".scroll:has(table th:text-is('Result'))").all():
            assert region.evaluate("e => e.scrollWidth <= e.clientWidth"), f"{name}: a round"
        if name == "long-names":
            mine = page.get_by_role("link", name="Play: your table").bounding_box()
            assert mine is not None and mine["x"] + mine["width"] <= width, "the way to my table"
        for button in page.locator("form.enter button").all():  # a player's main action
            box = button.bounding_box()
            assert box is not None and box["height"] >= 44, f"{name}: a finger-sized Enter"
        if page.locator(".organizer").count():  # an event under way
            assert page.locator(".organizer .controls > *").count() >= 2, name
            assert page.locator(".organizer > form, .organizer > a.button").count() == 0, name
    # The list shows every tournament's organizer on screen, a phone's included: nothing of
    # it scrolls sideways inside a box (the organizer's column did, out of sight).
    for path in ("/tournaments/", "/"):
        page.goto(asgi_server.url + path)
        page.screenshot(path=artifact_path(f"tournament-list-{size}-{path.strip('/')}.png"))
        listing = page.locator(".tournament-list")
        assert listing.evaluate("e => e.parentElement.scrollWidth <= e.parentElement.clientWidth")
        for event in found.values():
            row = listing.locator("tr", has=page.get_by_role("link", name=event.name))
            organizer = row.get_by_text(str(event.organizer)).locator("visible=true")
            expect(organizer).to_be_visible()
            box = organizer.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    # The pages that ask first: the action and the way back, finger-sized and apart.
    asking = off_the_browser_loop(lambda: pages_that_ask_first(found))
    for name, (organizer, path) in asking.items():
        sign_in(page.context, asgi_server, organizer)
        page.goto(asgi_server.url + path)
        page.screenshot(path=artifact_path(f"tournament-{name}-{size}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        assert names_beside_fields(page) == [], name
        action = page.locator("main form button[type=submit]").bounding_box()
        back = page.locator("main form a").bounding_box()
        assert action is not None and action["height"] >= 44, f"{name}: a finger-sized action"
        assert back is not None, name
        beside = back["x"] >= action["x"] + action["width"] + 16
        below = back["y"] >= action["y"] + action["height"] + 8
        assert beside or below, f"{name}: the way back apart from the action"
    page.goto(f"{asgi_server.url}/tournaments/new/")
    page.screenshot(path=artifact_path(f"tournament-form-{size}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    # Each setting's name sits over its field, not beside it where a phone breaks the line.
    assert names_beside_fields(page) == []
    save = page.get_by_role("button", name="Save").bounding_box()
    assert save is not None and save["height"] >= 44, "a finger-sized Save"


# What a printed page leaves out: the site's header and footer, forms, the organizer's controls,
# an entry's management, the downloads and the ways to a table.
OFF_PAPER = ["header", "footer", "main form", ".organizer", ".manage", ".downloads", ".to-table"]


def test_an_events_page_prints_its_pairings_and_standings_alone(
    asgi_server: Server, page: Page
) -> None:
    """On paper, for the venue's wall: no site header, menu, organizer's forms, footer or ways
    to a table, which lead nowhere there; the standings and each round's tables whole."""
    event, _ = off_the_browser_loop(ready_to_start, bot_entries=6, swiss_rounds=2)
    off_the_browser_loop(services.tournament_start, tournament_id=event.pk, user=event.organizer)
    off_the_browser_loop(played, event=event, rounds=1)
    sign_in(page.context, asgi_server, event.organizer)
    page.goto(f"{asgi_server.url}/tournaments/{event.pk}/")
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    page.screenshot(path=artifact_path("tournament-printed.png"), full_page=True)
    for off_paper in OFF_PAPER:
        for found in page.locator(off_paper).all():
            expect(found).to_be_hidden()
    expect(page.locator("#standings")).to_be_visible()
    rows = page.locator(".scroll:has(table th:text-is('Result')) tbody tr")
    expect(rows).to_have_count(3)  # round 1's three tables
    assert page.evaluate("document.documentElement.scrollWidth") <= 794
