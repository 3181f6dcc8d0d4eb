"""Natural bidding in French Belote and Coinche: strong hands bid, weak ones pass."""

from __future__ import annotations

import random
from dataclasses import replace

from games.bots import get_bot
from games.bots.bidding import NATURAL, choose_bid, strain_margin
from games.bots.hard import HARD_BOLDNESS
from games.bots.medium import sampled_bid
from games.bots.view import read_view
from games.rules.actions import COINCHE, CONTRACT, PASS_BID, SURCOINCHE, TAKE, Bid
from games.rules.cards import CARDS, Card
from games.rules.hand import HandState
from games.rules.variants import get_variant


def _codes(text: str) -> list[int]:
    return [int(Card.parse(code)) for code in text.split()]


def _belote(first_hand: str, turned: str) -> HandState:
    """Dealer 0: seat 1 (first hand) holds `first_hand`; the others get the rest."""
    mine, top = _codes(first_hand), int(Card.parse(turned))
    rest = [int(c) for c in CARDS if c not in mine and c != top]
    hands = [rest[0:5], mine, rest[5:10], rest[10:15]]
    deck = [int(c) for c in get_variant("belote").hands_to_deck(hands, 0)]
    return HandState.new("belote", dealer=0, deck=[*deck, top, *rest[15:]])


def _coinche(held: dict[int, str]) -> HandState:
    """Dealer 0 (seat 1 bids first): the seats in `held` hold those cards, the rest at random."""
    fixed = {seat: _codes(text) for seat, text in held.items()}
    taken = {c for cards in fixed.values() for c in cards}
    rest = [int(c) for c in CARDS if c not in taken]
    random.Random(1).shuffle(rest)
    hands = []
    for seat in range(4):
        cards = fixed.get(seat, [])
        hands.append(cards + [rest.pop() for _ in range(8 - len(cards))])
    return HandState.new("coinche", dealer=0, hands=hands)


def _bid(state: HandState) -> Bid:
    return choose_bid(read_view(state.view(state.to_act)))


def test_belote_takes_a_strong_turned_suit_and_passes_a_weak_one() -> None:
    assert _bid(_belote("9h Ah Ac Kc 7d", "Jh")).kind == TAKE
    assert _bid(_belote("7h 8c Kc 7d Qs", "Jh")) == PASS_BID


def test_belote_names_its_strong_suit_in_round_two() -> None:
    state = _belote("Js 9s As Ac 7d", "8h")
    for _ in range(4):
        state.apply(PASS_BID)
    assert state.to_act == 1
    bid = _bid(state)
    assert bid.kind == CONTRACT and bid.strain == 3  # spades


def test_hard_bids_bolder_than_the_natural_thresholds_where_tuned() -> None:
    # Hearts worth 6.5 on five Bulgarian cards: under the natural 7, over hard's 5.6.
    rest = [int(c) for c in CARDS if int(c) not in _codes("Jh 7h Ac 8d 7s")]
    hands = [rest[0:8], [*_codes("Jh 7h Ac 8d 7s"), *rest[8:11]], rest[11:19], rest[19:27]]
    view = read_view(HandState.new("bulgarian", dealer=0, hands=hands).view(1))
    assert choose_bid(view, NATURAL) == PASS_BID
    assert choose_bid(view, HARD_BOLDNESS["bulgarian"]) == Bid(CONTRACT, 2)
    # French Belote: the turned jack of hearts with this hand is worth 6.6, under 7 and over 6.5.
    view = read_view(_belote("8h 7h Kc Ks Kd", "Jh").view(1))
    assert choose_bid(view, NATURAL) == PASS_BID
    assert choose_bid(view, HARD_BOLDNESS["belote"]).kind == TAKE
    assert get_bot("hard").act(_belote("8h 7h Kc Ks Kd", "Jh").view(1)).kind == TAKE
    assert get_bot("medium").act(_belote("8h 7h Kc Ks Kd", "Jh").view(1)) == PASS_BID


def test_hard_opens_coinche_warier_than_the_natural_margin() -> None:
    # Jack and nine of hearts: the side's estimate is 97.5, worth 80 with the natural margin
    # of 15 but short of it with hard's 25.
    state = _coinche({1: "Jh 9h 7c 8d 7s 8s 9c Qd"})
    view = read_view(state.view(1))
    assert choose_bid(view, NATURAL) == Bid(CONTRACT, 2, 80)
    assert choose_bid(view, HARD_BOLDNESS["coinche"]) == PASS_BID
    assert get_bot("hard").act(state.view(1)) == PASS_BID


def test_coinche_opens_by_strength_and_passes_a_weak_hand() -> None:
    strong = _bid(_coinche({1: "Jh 9h Ah Th 8h Ac Tc As"}))
    weak = _bid(_coinche({1: "7h 8c 9c 7d 8d Qs 7s 9d"}))
    assert strong.kind == CONTRACT and strong.strain == 2 and (strong.value or 0) >= 110
    assert weak == PASS_BID


def test_coinche_partner_raises_with_support_and_passes_without() -> None:
    opener = "Th Kh Qh Kc Qc 7s 8s 9s"
    for partner, raises in (("Jh 9h Ah 7h 8h Ac As 7d", True), ("7c 8c 9c 7d 8d Qd Js 9d", False)):
        state = _coinche({1: opener, 3: partner})
        state.apply(Bid(CONTRACT, 2, 80))
        state.apply(PASS_BID)
        bid = _bid(state)
        if raises:
            assert bid.kind == CONTRACT and bid.strain == 2 and (bid.value or 0) > 80
        else:
            assert bid == PASS_BID


def test_coinche_doubles_a_contract_the_defence_clearly_beats() -> None:
    defence = "Js 9s 7s Ah Ad Ac 8h 8d"
    state = _coinche({1: "7c 8c 9c 7d Kd Qs Ks 9d", 2: defence})
    state.apply(Bid(CONTRACT, 3, 120))
    assert _bid(state).kind == COINCHE
    state = _coinche({1: "7c 8c 9c 7d Kd Qs Ks 9d", 2: "7h 8h 9h Kh Qh 7s 8s Tc"})
    state.apply(Bid(CONTRACT, 3, 120))
    assert _bid(state) == PASS_BID


def test_auctions_of_natural_bots_end_and_stay_sane() -> None:
    for variant in ("belote", "coinche"):
        for seed in range(60):
            state = HandState.new(variant, dealer=seed % 4, seed=seed)
            calls = 0
            while state.phase == "bidding":
                seat = state.to_act
                state.apply(get_bot("easy").act(state.view(seat), seed=seed), seat)
                calls += 1
            assert calls <= 24
            for _, bid in state.auction.calls:
                assert bid.kind != SURCOINCHE or variant == "coinche"
                assert bid.value is None or bid.value <= 160  # no capot bids from estimates


def test_hard_weighs_passing_in_bela_and_calls_some_hands_under_the_threshold() -> None:
    reach = HARD_BOLDNESS["bela"]
    assert reach.reach is not None and reach.suit_factor == 1.0
    hard = get_bot("hard")
    under = called = 0
    for seed in range(60):
        state = HandState.new("bela", dealer=seed % 4, seed=seed)
        view = read_view(state.view(state.to_act))
        best = max(range(4), key=lambda s: strain_margin(view, s))
        if choose_bid(view, NATURAL) != PASS_BID or strain_margin(view, best) < -reach.reach:
            continue
        under += 1
        bid = hard.act(state.view(state.to_act), seed=seed)
        assert bid in view.legal
        called += bid != PASS_BID
    # Some hands just under a threshold are worth a call by the playouts, not all of them.
    assert under > 5 and 0 < called < under


def test_hard_bulgarian_boldness_only_turns_natural_passes_into_bids() -> None:
    """Where the natural thresholds already bid, hard calls as they would (its lighter suit
    thresholds picked other strains there, and lost pairs); where they pass, it may open."""
    bold = HARD_BOLDNESS["bulgarian"]
    lighter = replace(bold, only_turns_passes=False)
    differing = changed = 0
    for seed in range(400):
        state = HandState.new("bulgarian", dealer=seed % 4, seed=seed)
        while state.phase == "bidding":
            view = read_view(state.view(state.to_act))
            natural = choose_bid(view, NATURAL)
            if natural != PASS_BID and choose_bid(view, lighter) != natural:
                differing += 1
                call = sampled_bid(view, 12, random.Random(seed), NATURAL)
                assert sampled_bid(view, 12, random.Random(seed), bold) == call
                changed += sampled_bid(view, 12, random.Random(seed), lighter) != call
            state.apply(natural)
    assert differing > 5 and changed > 0
