"""Calls weighed by expected score (French Belote and Coinche): concrete auctions."""

from __future__ import annotations

import random

from games.bots import get_bot
from games.bots.bidding import choose_bid
from games.bots.calls import coinche_weights, dealt_worlds
from games.bots.view import read_view
from games.rules.actions import COINCHE, CONTRACT
from games.rules.cards import Card
from games.rules.hand import HandState


def _coinche(hand: str, seat: int, dealer: int, bids: list[str], partner: str = "") -> HandState:
    """A Coinche deal where `seat` holds `hand` (its partner `partner`, if given) and the
    others the rest in card order."""
    mine = [int(Card.parse(code)) for code in hand.split()]
    theirs = [int(Card.parse(code)) for code in partner.split()]
    rest = [c for c in range(32) if c not in mine and c not in theirs]
    hands = []
    for s in range(4):
        if s == seat or (theirs and s == seat ^ 2):
            hands.append(mine if s == seat else theirs)
        else:
            hands.append(rest[:8])
            rest = rest[8:]
    state = HandState.new("coinche", dealer=dealer, hands=hands)
    for bid in bids:
        state.apply(state.variant.parse_bid(bid))
    return state


def _call(level: str, state: HandState, seed: int = 0) -> str:
    return str(get_bot(level).act(state.view(state.to_act), seed=seed))


def test_hard_opens_at_the_level_its_worlds_make_and_passes_where_they_fail() -> None:
    # The natural estimate jumps to 100 with the J of trumps and two side aces; the worlds
    # make 80 and fail more often higher, where a coinche would cost twice as much.
    state = _coinche("Jh 8h 7h Ac Kc 7d 8d Ad", seat=0, dealer=3, bids=[])
    assert str(choose_bid(read_view(state.view(0)))) == "100 hearts"
    assert _call("hard", state, seed=0) == "80 hearts"
    # J-9 of trumps and nothing outside: natural opens 90; too thin, by the worlds.
    state = _coinche("Jh 9h 7h Kc Qc 7d 8d 9s", seat=0, dealer=3, bids=[])
    assert str(choose_bid(read_view(state.view(0)))) == "90 hearts"
    assert _call("hard", state, seed=0) == "pass"


def test_no_jump_to_the_top_on_a_strong_hand() -> None:
    # Medium bid 150 here and took 17 points (arena, seed 1, deal 37); now both stay lower.
    state = _coinche("Qc Ac Ad 7h Th Jh Ah As", seat=3, dealer=1, bids=["80 diamonds"])
    assert str(choose_bid(read_view(state.view(3)))) == "150 hearts"
    for level in ("medium", "hard"):
        bid = get_bot(level).act(state.view(3), seed=0)
        assert bid.kind == CONTRACT and bid.strain == 2 and (bid.value or 0) <= 120


def test_hard_coinches_a_contract_its_cards_defeat() -> None:
    state = _coinche("Js As 8s Ac Tc Ad Td Ah", seat=2, dealer=3, bids=["pass", "100 spades"])
    assert get_bot("hard").act(state.view(2), seed=0).kind == COINCHE


def test_hard_passes_a_contract_it_cannot_defeat() -> None:
    state = _coinche("8c 7c 8h 7h 8s 7s 8d 7d", seat=1, dealer=3, bids=["90 clubs"])
    assert _call("hard", state) == "pass"


def test_the_partners_bid_shapes_the_worlds() -> None:
    """Partner (seat 2) opened 120 spades: worlds give it the spade jack far more often than
    a uniform deal does (a third of the time), and a world without it weighs less."""
    state = _coinche(
        "7c 8c 9c 7d 8d 7h 8h Qh", seat=0, dealer=1, bids=["120 spades", "pass"],
        partner="Js 9s As 7s 8s Kc 9d Td",
    )  # fmt: skip
    view = read_view(state.view(0))
    jack = 1 << int(Card.parse("Js"))
    worlds = dealt_worlds(view, 60, True, random.Random(2))
    assert sum(bool(w[2] & jack) for w in worlds) / len(worlds) > 0.6
    truth = list(state.held)
    # The same deal with the partner's four top spades swapped for four of seat 3's cards.
    spades = sum(1 << int(Card.parse(c)) for c in ("Js", "9s", "As", "8s"))
    plain = [c for c in range(32) if truth[3] >> c & 1 and c >> 3 != 3]
    back = sum(1 << c for c in plain[:4])
    weak = [truth[0], truth[1], truth[2] & ~spades | back, truth[3] & ~back | spades]
    weights = coinche_weights(view, [truth, weak])
    assert weights[1] < weights[0]


def test_in_the_play_the_partners_bid_still_weighs_the_worlds() -> None:
    state = _coinche(
        "7c 8c 9c 7d 8d 7h 8h Qh", seat=0, dealer=1, bids=["120 spades", "pass", "pass", "pass"],
        partner="Js 9s As 7s 8s Kc 9d Td",
    )  # fmt: skip
    state.apply(state.legal_actions()[0])  # the partner leads
    view = read_view(state.view(0))
    assert view.phase == "playing" and view.plays
    truth = list(state.held)
    spades = sum(1 << int(Card.parse(c)) for c in ("Js", "9s", "As", "8s")) & truth[2]
    plain = [c for c in range(32) if truth[3] >> c & 1 and c >> 3 != 3]
    back = sum(1 << c for c in plain[: spades.bit_count()])
    weak = [truth[0], truth[1], truth[2] & ~spades | back, truth[3] & ~back | spades]
    weights = coinche_weights(view, [truth, weak])
    assert weights[1] < weights[0]
