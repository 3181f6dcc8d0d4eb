"""A player's hand in the order card players hold it: the trumps first, then the suits
alternating black and red wherever the suits held allow, each from its strongest card down.
In index order, ♦ sat beside ♥ (hard to tell apart on a phone) and a trump jack below the ten."""

from __future__ import annotations

import random
import re
import time
from itertools import permutations

import pytest
from playwright.sync_api import Page

from tests.e2e.screen import make_the_move, seated_against_bots, wait_for_a_move
from tests.e2e.test_replay import a_taken_hand_replayed, replay_at
from tests.helpers import Server, Worker

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

RED = {"d", "h"}
TRUMP_STRENGTH = "J9ATKQ87"
PLAIN_STRENGTH = "ATKQJ987"
SIGNS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
DECK = [rank + suit for suit in "cdhs" for rank in "789TJQKA"]


def same_colour_neighbours(suits: tuple[str, ...]) -> int:
    return sum((a in RED) == (b in RED) for a, b in zip(suits, suits[1:], strict=False))


def out_of_order(codes: list[str], trumps: str | None) -> list[str]:
    """What breaks the holding order in `codes` under `trumps` (a suit's letter, "all", None)."""
    runs = [code[1] for i, code in enumerate(codes) if i == 0 or code[1] != codes[i - 1][1]]
    if len(runs) != len(set(runs)):
        return [f"a suit apart: {codes}"]
    wrong = []
    if trumps in runs and runs[0] != trumps:
        wrong.append(f"trumps not first: {codes}")
    fewest = min(
        same_colour_neighbours(order)
        for order in permutations(runs)
        if trumps not in runs or order[0] == trumps
    )
    if same_colour_neighbours(tuple(runs)) != fewest:
        wrong.append(f"colours not alternating: {codes}")
    for suit in runs:
        ranks = [code[0] for code in codes if code[1] == suit]
        strength = TRUMP_STRENGTH if trumps in (suit, "all") else PLAIN_STRENGTH
        if ranks != sorted(ranks, key=strength.index):
            wrong.append(f"{suit} not strongest first under {trumps}: {codes}")
    return wrong


IN_HAND_ORDER = """async (cases) => {
  const src = document.querySelector("script[type=module]").src;
  const { inHandOrder } = await import(new URL("hand_order.js", src).href);
  return cases.map(([codes, trumps]) => inHandOrder(codes, trumps));
}"""


def test_every_hand_is_held_in_order(page: Page, asgi_server: Server) -> None:
    seated_against_bots(page, asgi_server, "bulgarian", "sorter")  # a page with the module
    rng = random.Random(7)
    cases = [
        (rng.sample(DECK, rng.randint(1, 8)), trumps)
        for _ in range(200)
        for trumps in (None, "all", "c", "d", "h", "s")
    ]
    held = page.evaluate(IN_HAND_ORDER, cases)
    wrong = []
    for (codes, trumps), shown in zip(cases, held, strict=True):
        assert sorted(shown) == sorted(codes)
        wrong += out_of_order(shown, trumps)
    assert wrong == []


def trumps_named(page: Page, contract_at: str = "#contract") -> str | None:
    """The trumps the page names in its contract: a suit's letter, "all", or None."""
    contract = page.locator(contract_at).inner_text()
    if "All trumps" in contract:
        return "all"
    sign = re.search("[♣♦♥♠]", contract)
    return SIGNS[sign.group()] if sign else None


def test_the_table_shows_the_hand_in_order_and_the_trumps_first_once_named(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    seated_against_bots(page, asgi_server, "bulgarian", "holder", trick_pause_ms=0)
    bids_seen = trumps_held = 0  # until the person bid, and played holding named trumps
    deadline = time.monotonic() + 240  # hands without a trump in the person's hand play on
    while not (bids_seen and trumps_held):
        move = wait_for_a_move(page, deadline)
        assert move != "match-end", "the match ended before the hand was seen under trumps"
        if move == "summary":
            make_the_move(page, move)
            continue
        shown = page.locator("#hand .card").evaluate_all(
            "(cards) => cards.map((c) => c.dataset.card)"
        )
        trumps = trumps_named(page) if move == "play" else None
        assert out_of_order(shown, trumps) == []
        bids_seen += move == "bid"
        # Under all trumps every card is one: such hands counted none, and the test ran longer.
        trumps_held += move == "play" and (
            trumps == "all" or any(code[1] == trumps for code in shown)
        )
        make_the_move(page, move)


def test_a_replay_shows_each_hand_in_order_under_its_trumps(
    page: Page, asgi_server: Server
) -> None:
    address, _, first_card = a_taken_hand_replayed(page, asgi_server, "bulgarian")
    # The auction's last call, then its first card, under the trumps the replay names.
    for step in (first_card - 1, first_card):
        replay_at(page, address, step)
        trumps = trumps_named(page, "#replay-facts .contract") if step == first_card else None
        hands = page.locator(".replay-hand").evaluate_all(
            "(hands) => hands.map((hand) => [...hand.querySelectorAll('[data-card]')]"
            ".map((card) => card.dataset.card))"
        )
        assert len(hands) == 4 and all(hands)
        assert [wrong for shown in hands for wrong in out_of_order(shown, trumps)] == []
