"""A finished hand's analysis where players look: in its replay, each card's loss by both
measures and the best cards, the biggest mistakes first (each a way to its moment), per
player the mean loss; by keyboard, on a laptop and a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from games.analyses import hand_analyse, seat_summaries
from games.models import HandAnalysis, TableEvent
from games.services import table_create, table_take_seat
from tests.e2e.browser import off_the_browser_loop
from tests.e2e.screen import LAPTOP, PHONE, code_words
from tests.games.factories import bot_table, person, play_as_people, play_bots_to_end
from tests.helpers import Server, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# The words of the cells of a box's table that reach past the box's sides (the box's scroll
# width does not count them: they spill out of their table).
CELLS_PAST_THE_BOX = """(box) => {
  const { left, right } = box.getBoundingClientRect();
  return [...box.querySelectorAll("th, td")].filter((cell) => {
    const r = cell.getBoundingClientRect();
    return r.left < left - 0.5 || r.right > right + 0.5;
  }).map((cell) => cell.textContent);
}"""


def analysed_hand(variant: str) -> tuple[int, int]:
    """A bot table played to the end, the first hand with cards analysed: (table, hand)."""

    def play() -> tuple[int, int]:
        table = play_bots_to_end(bot_table(variant))
        played = TableEvent.objects.filter(table=table, kind="play").order_by("version").first()
        assert played is not None
        hand_analyse(table_id=table.pk, number=played.hand)
        return table.pk, played.hand

    return off_the_browser_loop(play)


@pytest.mark.parametrize("variant", ["bela", "belote"])
def test_the_replay_shows_each_cards_loss_and_the_biggest_mistakes_first(
    page: Page, asgi_server: Server, variant: str
) -> None:
    table, number = analysed_hand(variant)
    data = HandAnalysis.objects.get(table_id=table, hand=number).data
    page.set_viewport_size(LAPTOP)
    page.goto(f"{asgi_server.url}/tables/{table}/hands/{number}/")
    expect(page.locator("#analysis-card")).to_contain_text("Step to a call or a card played")
    call = data["auction"][0]
    page.keyboard.press("ArrowRight")
    expect(page.locator("#analysis-card tr.played")).to_contain_text("(called)")
    expect(page.locator("#analysis-card tbody tr")).to_have_count(len(call["calls"]))
    page.screenshot(path=artifact_path(f"analysis-{variant}-call-laptop.png"))
    page.keyboard.press("Home")
    mistakes = page.locator("#analysis-mistakes li button")
    expect(page.locator("#analysis-players tbody tr")).to_have_count(4)
    costly = sorted(
        (d for d in data["decisions"] if d["loss_view"] or d["loss_perfect"]),
        key=lambda d: (-d["loss_view"], -d["loss_perfect"], d["action"]),
    )
    if not costly:
        expect(page.locator("#analysis-mistakes")).to_contain_text("well played")
        return
    expect(mistakes).to_have_count(min(5, len(costly)))
    page.screenshot(path=artifact_path(f"analysis-{variant}-laptop.png"), full_page=True)

    # By keyboard: the first mistake's button takes the replay to that card.
    mistakes.first.focus()
    page.keyboard.press("Enter")
    worst = costly[0]
    expect(page.locator("#replay")).to_have_attribute("data-step", str(worst["action"] + 1))
    rows = page.locator("#analysis-card tbody tr")
    expect(rows).to_have_count(len(worst["cards"]))
    expect(page.locator("#analysis-card tr.played")).to_contain_text("(played)")
    expect(page.locator("#analysis-card td.best").first).to_contain_text("★")
    assert code_words(page) == []
    page.screenshot(path=artifact_path(f"analysis-{variant}-card-laptop.png"), full_page=True)

    page.set_viewport_size(PHONE)
    page.screenshot(path=artifact_path(f"analysis-{variant}-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_hand_not_yet_analysed_says_so_and_shows_it_once_computed(
    page: Page, asgi_server: Server
) -> None:
    # A replay opened as the hand ended (a worker computes the analysis seconds later) said
    # "reload in a moment" and stayed so until the player reloaded.
    table, number = analysed_hand("coinche")
    HandAnalysis.objects.filter(table_id=table).delete()
    page.goto(f"{asgi_server.url}/tables/{table}/hands/{number}/?step=5")
    expect(page.locator("#analysis-card")).to_contain_text("being computed")
    expect(page.locator("#analysis-hand")).to_be_hidden()
    page.evaluate("window.notReloaded = true")

    off_the_browser_loop(lambda: hand_analyse(table_id=table, number=number))
    expect(page.locator("#analysis-hand")).to_be_visible(timeout=30_000)
    expect(page.locator("#analysis-players tbody tr")).to_have_count(4)
    expect(page.locator("#analysis-card")).not_to_contain_text("being computed")
    expect(page.locator("#replay")).to_have_attribute("data-step", "5")
    assert page.evaluate("window.notReloaded") is True


def test_the_hands_analysis_fits_a_phone_and_writes_tenths_as_each_language_does(
    browser: Browser, asgi_server: Server
) -> None:
    # On an upright phone the per-player table was cut (its last column behind a scroll), and
    # "80.2 pts" was written so in Bulgarian, Croatian and French, which write "80,2".
    table, number = analysed_hand("bela")
    data = HandAnalysis.objects.get(table_id=table, hand=number).data
    fractions = any(
        round(value, 1) % 1
        for player in seat_summaries(data["decisions"])
        for value in (player["mean_loss_view"], player["mean_loss_perfect"])
        if value is not None
    )
    for language, point in {"en": ".", "bg": ",", "hr": ",", "fr": ","}.items():
        context = browser.new_context(locale=language, viewport=PHONE)
        page = context.new_page()
        page.goto(f"{asgi_server.url}/tables/{table}/hands/{number}/")
        players = page.locator("#analysis-players")
        expect(players.locator("tbody tr")).to_have_count(4)
        page.screenshot(path=artifact_path(f"analysis-{language}-phone.png"), full_page=True)
        assert players.evaluate(CELLS_PAST_THE_BOX) == [], language
        shown = page.locator("#analysis-hand").inner_text()
        other = "," if point == "." else "."
        assert not re.search(rf"\d\{other}\d", shown), (language, shown)
        assert not fractions or re.search(rf"\d\{point}\d", shown), (language, shown)
        context.close()


def test_the_replay_says_which_cards_the_computer_played_for_a_slow_player(
    browser: Browser, asgi_server: Server
) -> None:
    # Every turn of Ann's ran out: the replay blamed her for the computer's cards, in its
    # analysis and on the felt.
    def play() -> tuple[int, int]:
        people = [person(name) for name in ("host", "ann", "carl", "dora")]
        table = table_create(creator=people[0], variant="belote", turn_seconds=3600, max_hands=1)
        for user in people[1:]:
            table_take_seat(table_id=table.pk, user=user)
        play_as_people(table, late=frozenset({1}))
        hand_analyse(table_id=table.pk, number=1)
        data = HandAnalysis.objects.get(table=table, hand=1).data
        return table.pk, next(d["action"] for d in data["decisions"] if d["seat"] == 1)

    table, action = off_the_browser_loop(play)
    words = {
        "en": ("The computer (for ann)", "not counted as theirs"),
        "fr": ("L'ordinateur (pour ann)", "ne sont pas comptées"),
    }
    for language, (chooser, note) in words.items():
        context = browser.new_context(locale=language, viewport=LAPTOP)
        page = context.new_page()
        page.goto(f"{asgi_server.url}/tables/{table}/hands/1/?step={action + 1}")
        expect(page.locator("#analysis-card")).to_contain_text(chooser)
        expect(page.locator("#replay-action")).to_contain_text(chooser)
        expect(page.locator("#analysis-players")).to_contain_text(note)
        ann = page.locator("#analysis-players tbody tr").nth(1)
        expect(ann).to_contain_text("0 / 0")
        page.screenshot(path=artifact_path(f"analysis-stand-in-{language}.png"), full_page=True)
        context.close()
