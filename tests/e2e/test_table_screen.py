"""The whole table on one screen, in words: seats, trick, hand, bids, contract, dealer and the
scores inside the viewport of a laptop and a phone (upright and sideways), in every rule set,
and no engine code."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from games import rules
from tests.e2e.browser import click_and_wait
from tests.e2e.screen import (
    DESKTOP,
    SHORT_UPRIGHT,
    SIDEWAYS,
    SIZES,
    TABLET,
    VARIANTS,
    at_size,
    bid_a_contract,
    card_widths,
    code_words,
    covered,
    hidden_at_their_middle,
    make_the_move,
    outside_viewport,
    seated_against_bots,
    trick_room,
    under_the_trick,
    wait_for_a_move,
)
from tests.e2e.test_table_hand_in_words import stacked_deal
from tests.games.factories import chosen_deal
from tests.helpers import Server, Worker, artifact_path

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ALWAYS = ["#pos-top", "#pos-left", "#pos-right", "#pos-bottom", "#hand .card",
          "#scoreboard table", ".dealer-line", "#auction"]  # fmt: skip
# No card lies on the trick while bidding (but French Belote's turned card, checked apart): on
# the smallest phone the bids may lie over its empty middle.
WHILE_BIDDING = [*ALWAYS, "#bidding"]
# The last trick, once tricks are played (a phone held sideways cut it off below the auction).
WHILE_PLAYING = [*ALWAYS, "#trick", "#contract", "#last-trick summary"]
# A Coinche contract ("100 ♥") names its trumps apart; the others' ("♥ Hearts") say them.
TRUMPS_APART = {"coinche": ["#facts .trumps"]}
# French Belote's auction is about the card turned face up in the felt's middle.
TURNED_CARD = {"belote": ["#trick .turned-card svg", "#trick .turned-card figcaption"]}
# The sizes every check of the screen is made at.
EVERY_SIZE = {**DESKTOP, **SIZES, **TABLET, **SHORT_UPRIGHT, **SIDEWAYS}


def check_every_size(page: Page, variant: str, moment: str, selectors: list[str]) -> None:
    """At each size: everything asked for inside the viewport, no code on screen; screenshots."""
    for size_name, size in EVERY_SIZE.items():
        at_size(page, size)
        page.screenshot(path=artifact_path(f"screen-{variant}-{moment}-{size_name}.png"))
        assert outside_viewport(page, selectors) == [], f"{variant} {moment} {size_name}"
        assert hidden_at_their_middle(page, selectors) == [], f"{variant} {moment} {size_name}"
        assert trick_room(page) >= 1.4, f"{variant} {moment} {size_name}: the trick spills"
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        assert code_words(page) == [], f"{variant} {moment} {size_name}"
        if size_name in DESKTOP:  # grown with the room
            assert min(card_widths(page, ["#hand .card", "#trick"])) >= 96, (
                f"{variant} {moment} {size_name}"
            )
        assert under_the_trick(page) == [], f"{variant} {moment} {size_name}"
        if moment == "bidding":  # on the felt, clear of the seats, their calls, the turned card
            assert covered(page, "#bidding") == [], f"{variant} {moment} {size_name}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_whole_table_fits_one_screen_in_words(
    page: Page, asgi_server: Server, celery_worker: Worker, variant: str
) -> None:
    # The longest match the rule set offers: computer players may take every contract
    # before the person speaks, hand after hand, and a short one ended before they bid.
    targets = rules.VARIANTS[variant].house_rule_choices.get("target", ())
    longest = {"house_rules": {"target": max(targets)}} if targets else {}
    seated_against_bots(page, asgi_server, variant, f"screen-{variant}", **longest)
    checked: set[str] = set()
    deadline = time.monotonic() + 240
    while checked != {"bid", "play"}:
        move = wait_for_a_move(page, deadline)
        assert move != "match-end", f"the match ended before {variant}'s screens were checked"
        if move == "summary":
            page.locator("#summary-close").click()
        elif move == "bid":
            if "bid" not in checked:
                check_every_size(
                    page, variant, "bidding", WHILE_BIDDING + TURNED_CARD.get(variant, [])
                )
                checked.add("bid")
            bid_a_contract(page)
        elif "play" not in checked:
            check_every_size(
                page, variant, "playing", WHILE_PLAYING + TRUMPS_APART.get(variant, [])
            )
            checked.add("play")
        else:
            # The auction ended before the person's turn: play on to a hand where they bid.
            click_and_wait(page, "#hand button.legal")


# Each seat's latest call, from the auction's grid and from the badges by the seats' names.
CALLS_BY_SEAT = """() => {
  // A cell's words, without the short form ("×2") a narrow column shows instead.
  const words = (cell) => {
    const copy = cell.cloneNode(true);
    copy.querySelectorAll(".call-short").forEach((node) => node.remove());
    return copy.textContent;
  };
  const latest = (cells) => Object.fromEntries(
    [...cells].map((cell) => [cell.dataset.seat, words(cell)]));
  return {
    grid: latest(document.querySelectorAll("#auction td[data-seat]")),
    felt: latest(document.querySelectorAll(".felt .badge.call")),
  };
}"""


def test_each_seat_shows_its_latest_call_on_the_felt_while_bidding(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    """The auction's box may have no room for its rows (a phone held sideways): the calls
    that matter, each seat's latest, are on the felt by the seats' names."""
    seated_against_bots(page, asgi_server, "coinche", "caller")
    page.set_viewport_size(SIDEWAYS["small-phone-sideways"])
    deadline = time.monotonic() + 120
    while True:
        move = wait_for_a_move(page, deadline)
        if move == "summary":
            page.locator("#summary-close").click()
        elif move == "play":
            click_and_wait(page, "#hand button.legal")
        elif move == "bid":
            calls = page.evaluate(CALLS_BY_SEAT)
            assert calls["felt"] == calls["grid"]
            if calls["felt"]:
                break
            page.locator("#bidding button[data-bid=pass]").click()
        else:
            raise AssertionError("the match ended before anyone called")
    page.screenshot(path=artifact_path("screen-calls-on-the-felt.png"))
    assert page.locator(".felt .badge.call").first.is_visible()
    while (move := wait_for_a_move(page, deadline)) != "play":
        if move == "summary":
            page.locator("#summary-close").click()
        else:
            assert move == "bid", "the match ended before play began"
            bid_a_contract(page)
    assert page.locator(".felt .badge.call").count() == 0, "the calls go once play begins"


def test_the_felt_stays_put_when_the_first_trick_is_won(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    # On a phone the "Last trick" box above the felt appeared with the first won trick and
    # went at the next deal: the felt, the seats and the cards jumped by its height.
    page.set_viewport_size(SIZES["phone"])
    seated_against_bots(page, asgi_server, "belote", "steady")
    last = page.locator("#last-trick-cards")
    felt_before = None  # where the felt is at the person's first card of the hand
    deadline = time.monotonic() + 120
    while True:
        move = wait_for_a_move(page, deadline)
        assert move != "match-end", "the match ended before a trick was won"
        if move == "summary":
            page.locator("#summary-close").click()
        elif move == "bid":
            bid_a_contract(page)
        elif "Won by" in (last.text_content() or ""):
            if felt_before is not None:
                break
            click_and_wait(page, "#hand button.legal")  # a hand under way: the next one
        else:
            felt_before = felt_before or page.locator("#felt").bounding_box()
            click_and_wait(page, "#hand button.legal")
    expect(page.locator("#last-trick")).to_be_visible()
    felt_after = page.locator("#felt").bounding_box()
    assert felt_before and felt_after
    assert (felt_after["y"], felt_after["height"]) == (felt_before["y"], felt_before["height"])


# The felt's top and foot, on the page.
FELT_EDGES = """() => {
  const felt = document.getElementById("felt").getBoundingClientRect();
  return [felt.top, felt.bottom];
}"""


def felt_edges_at_every_size(page: Page) -> dict[str, tuple[float, float]]:
    """Where the felt's top and foot are at each size, the page left at the phone's."""
    edges = {}
    for size_name, size in EVERY_SIZE.items():
        at_size(page, size)
        top, foot = page.evaluate(FELT_EDGES)
        edges[size_name] = (top, foot)
    page.set_viewport_size(SIZES["phone"])
    return edges


# A Bela hand whose first card offers the person a tierce and the bela (to announce or not).
OFFERING_DEAL = {"bela": stacked_deal()}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_felt_stays_put_from_the_deal_into_play_at_every_size(
    page: Page, asgi_server: Server, celery_worker: Worker, variant: str
) -> None:
    # The felt moved with the lines above it: the turned card's went when the auction ended
    # (44 px), the hand's facts took one to four lines as the bids rose (18 px a line), the
    # auction's box grew with its calls, and the head's links broke elsewhere as the words
    # "Connected." came. And with what lay below it: the bids took 33 to 80 px from its foot
    # while the auction lasted, the first card's offer of declarations 23 to 44 px.
    page.set_viewport_size(SIZES["phone"])
    deals = OFFERING_DEAL.get(variant)
    seated_against_bots(
        page, asgi_server, variant, f"steady-{variant}",
        **({"deals": deals, "max_hands": 1} if deals else {}),
    )  # fmt: skip
    turned = page.locator("#trick .turned-card")
    offer = page.locator("#declare-options")
    edges: list[tuple[str, dict[str, tuple[float, float]]]] = []  # at each of the person's moves
    offered = False
    deadline = time.monotonic() + 120
    while True:
        move = wait_for_a_move(page, deadline)
        assert move != "match-end", "the match ended before the person bid"
        if move != "summary":  # (the summary lies over the felt)
            edges.append((move, felt_edges_at_every_size(page)))
            offered = offered or offer.is_visible()
        if move == "play" and any(seen == "bid" for seen, _ in edges):
            break
        if variant == "belote" and move == "bid":  # the turned card lies in the felt's middle
            expect(turned.locator("figcaption")).to_have_text("Turned card")
            label = turned.locator("svg").get_attribute("aria-label") or ""
            assert re.fullmatch(r"\w+ of \w+", label)
            assert outside_viewport(page, ["#trick .turned-card"]) == []
        make_the_move(page, move)  # a card where the auction ended before the person's turn
    page.screenshot(path=artifact_path(f"screen-steady-{variant}-phone.png"))
    if variant in OFFERING_DEAL:
        assert offered, "the first card offered no declarations"
        click_and_wait(page, "#hand button.legal")  # the offer goes with the first card
        edges.append(("play", felt_edges_at_every_size(page)))
    expect(turned).to_have_count(0)  # taken: in a hand now
    for size_name in EVERY_SIZE:
        seen = {at_move[size_name] for _, at_move in edges}
        assert len(seen) == 1, f"{variant} {size_name}: {[(m, e[size_name]) for m, e in edges]}"


# The person (seat 0) holds two tierces and the king and queen of hearts, which they name
# trumps: the longest offer a first card makes. Dario (seat 3), after the dealer, passes and
# leads before them.
TWO_TIERCES = [
    "7h 8h 9h Qh Kh Tc Jc Qc",
    "Ts Js Qs Ks Td Jd Qd Kd",
    "Th Jh Ah 9s As Kc Ac Ad",
    "7s 8s 7d 8d 9d 7c 8c 9c",
]


def dealt_and_called(
    page: Page, server: Server, variant: str, hands: list[str], *, dealer: int, call: str
) -> str:
    """A person at a one-hand table dealt `hands`, their first call `call` made: what the
    table asks of them next (wait_for_a_move)."""
    deal = chosen_deal(variant, hands, dealer=dealer)
    seated_against_bots(page, server, variant, f"called-{call}", deals=[deal], max_hands=1)
    deadline = time.monotonic() + 120
    assert wait_for_a_move(page, deadline) == "bid"
    click_and_wait(page, f'#bidding button[data-bid="{call}"]')
    return wait_for_a_move(page, deadline)


# The cards on the felt whose corner, where their rank and suit are printed, lies under
# something else.
CORNERS_HIDDEN = """() => [...document.querySelectorAll("#trick .played")].filter((card) => {
  const r = card.getBoundingClientRect();
  const shown = document.elementFromPoint(r.left + r.width * 0.2, r.top + r.height * 0.2);
  return !card.contains(shown);
}).map((card) => card.dataset.card)"""


def test_the_first_cards_offer_and_a_refusal_leave_the_trick_in_sight_at_every_size(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    # Over the felt on a phone held sideways, the offer's three lines hid the card led to the
    # person; below the felt, a refused card's reason took 36 px from its foot while shown.
    move = dealt_and_called(page, asgi_server, "bela", TWO_TIERCES, dealer=2, call="hearts")
    assert move == "play"
    expect(page.locator("#declare-options label")).to_have_count(2)
    expect(page.locator("#trick .played")).to_have_count(1)  # Dario's club
    led = page.locator("#trick .played").all_text_contents()
    for size_name, size in EVERY_SIZE.items():
        at_size(page, size)
        page.screenshot(path=artifact_path(f"screen-first-card-offer-{size_name}.png"))
        over = covered(page, "#declare-options")
        if size_name in SHORT_UPRIGHT:
            # On the shortest felts it may lie over the foot of the card led (never its corner)
            # and a side seat's backs (at the first card every hand holds as many as the
            # person's), never a name, a badge or a call.
            over = [c for c in over if c not in led and c != "backs"]
            assert page.evaluate(CORNERS_HIDDEN) == [], size_name
        assert over == [], size_name
        assert hidden_at_their_middle(page, ["#trick"]) == [], size_name
    edges = felt_edges_at_every_size(page)
    page.locator('#hand [data-card="7h"]').click()  # a heart, not a club
    expect(page.locator("#refusal")).to_contain_text("You must")
    assert felt_edges_at_every_size(page) == edges
    for size_name, size in EVERY_SIZE.items():
        at_size(page, size)
        page.screenshot(path=artifact_path(f"screen-first-card-refused-{size_name}.png"))
        # With a refusal, on the smallest screens they lie over the foot of the card led, never
        # its corner, and over a side seat's backs.
        for asked in ("#declare-options", "#refusal"):
            over = [c for c in covered(page, asked) if c not in led]
            if size_name in SHORT_UPRIGHT:
                over = [c for c in over if c != "backs"]
            assert over == [], (size_name, asked)
        assert page.evaluate(CORNERS_HIDDEN) == [], size_name
    # Seen short on the phone held sideways, each option is heard whole.
    belot = page.get_by_role("checkbox", name="Announce Bela (20) (king and queen of trumps)")
    expect(belot).to_be_checked()
    whole = re.compile(r"^Announce with my first card: Tierce \(20\) ten of clubs, jack of clubs")
    expect(page.get_by_role("checkbox", name=whole)).to_be_checked()


# Dealt by Dario (on the left): the person speaks first and passes, Boris bids clubs, and the
# bids come back to the person in two rows.
OUTBID_DEAL = [
    "7h 8h 7d 8d 7s Qc Kd Ad",
    "Jc 9c Ac Tc Kc 7c 8c Js",
    "9h Th 9d Td 8s Jh Kh Ah",
    "Qh Jd Qd Ts 9s Qs Ks As",
]


def test_the_bids_leave_a_side_seat_at_its_tallest_in_sight_on_short_phones(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    """When the bids come back to the person, the dealer beside them shows their name, level,
    the dealer's badge and a call: on the smallest phone the bids lay over the call."""
    move = dealt_and_called(page, asgi_server, "bulgarian", OUTBID_DEAL, dealer=3, call="pass")
    assert move == "bid"  # back to the person after Boris's clubs
    expect(page.locator("#pos-left .badge.dealer")).to_have_count(1)
    expect(page.locator("#pos-left .badge.call")).to_have_count(1)
    for size_name, size in SHORT_UPRIGHT.items():
        at_size(page, size)
        page.screenshot(path=artifact_path(f"screen-outbid-{size_name}.png"))
        assert covered(page, "#bidding") == [], size_name
