"""Hard's own parts: worlds weighed by the others' play, calls weighed by rollouts."""

from __future__ import annotations

import random

import pytest

from games.bots import get_bot
from games.bots.bidding import choose_bid
from games.bots.likelihood import PlayLikelihood
from games.bots.outcome import Outcome
from games.bots.rollout import Rollouts, TakerShift, candidates
from games.bots.sampling import WorldSampler
from games.bots.view import read_view
from games.rules.actions import CONTRACT, PASS_BID, Bid, Play
from games.rules.cards import Card
from games.rules.hand import HandState
from games.rules.variants.base import Contract
from tests.bots.positions import VARIANTS, random_position


def _mask(text: str) -> int:
    return sum(1 << int(Card.parse(code)) for code in text.split())


def _hearts_by_seat_0() -> HandState:
    """Seat 0 leads Kc; seat 3, last, holding Ac and Tc, lets it go with 9c."""
    hands = [
        "Kc Jh 9h Ah Th 7d 8d 9d",
        "7c Qc 7s 8s 9s Ts Js Qs",
        "8c Jc Ks As 7h 8h Td Jd",
        "9c Ac Tc Qh Kh Qd Kd Ad",
    ]
    state = HandState.new(
        "bulgarian", dealer=3, hands=[[int(Card.parse(c)) for c in h.split()] for h in hands]
    )
    for bid in ("hearts", "pass", "pass", "pass"):
        state.apply(state.variant.parse_bid(bid))
    for card in ("Kc", "7c", "8c", "9c"):
        state.apply(Play.parse(card))
    return state


def test_a_world_where_the_last_player_let_a_trick_go_with_a_winner_is_less_likely() -> None:
    state = _hearts_by_seat_0()
    view = read_view(state.view(0))
    likelihood = PlayLikelihood(view)
    truth = list(state.held)
    # The same cards, but the ace and ten of clubs with seat 2 and two spades with seat 3.
    swapped = list(truth)
    clubs, spades = _mask("Ac Tc"), _mask("Ks As")
    swapped[3] = truth[3] & ~clubs | spades
    swapped[2] = truth[2] & ~spades | clubs
    assert likelihood.weight(swapped) > likelihood.weight(truth)


def test_weighted_worlds_favour_the_natural_reading_of_the_play() -> None:
    state = _hearts_by_seat_0()
    view = read_view(state.view(0))
    likelihood = PlayLikelihood(view)
    sampler = WorldSampler(view)
    rng = random.Random(4)
    ace = 1 << int(Card.parse("Ac"))
    worlds = [sampler.sample(rng) for _ in range(300)]
    weights = [likelihood.weight(w) for w in worlds]
    uniform = sum(bool(w[3] & ace) for w in worlds) / len(worlds)
    weighted = sum(x for w, x in zip(worlds, weights, strict=True) if w[3] & ace) / sum(weights)
    assert weighted < uniform * 0.8


@pytest.mark.parametrize("variant", VARIANTS)
def test_rollout_deals_give_every_seat_eight_cards_and_keep_what_was_seen(variant: str) -> None:
    rng = random.Random(2)
    for seed in range(30):
        state = random_position(variant, seed)
        if state.phase != "bidding":
            continue
        view = read_view(state.view(state.to_act))
        rollouts = Rollouts(view)
        deal = rollouts.deal(rng)
        assert deal.seen[view.seat] == view.hand
        for taker in range(4):
            hands = deal.hands(taker)
            assert [h.bit_count() for h in hands] == [8, 8, 8, 8]
            assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 32) - 1
            assert hands[view.seat] & view.hand == view.hand
            if view.turned >= 0:
                assert hands[taker] >> view.turned & 1


def test_coinche_candidates_include_the_natural_call_and_passing() -> None:
    state = HandState.new("coinche", dealer=0, seed=11)
    view = read_view(state.view(state.to_act))
    natural = choose_bid(view)
    options = candidates(view, natural)
    assert options[0] == natural and PASS_BID in options
    assert all(isinstance(b, Bid) and b in view.legal for b in options)
    assert len(set(options)) == len(options)


def test_hard_calls_are_replayable() -> None:
    state = HandState.new("coinche", dealer=1, seed=5)
    view = state.view(state.to_act)
    hard = get_bot("hard")
    assert hard.act(view, seed=3) == hard.act(view, seed=3)


def test_rollouts_score_the_takers_as_real_play_does_a_few_points_better() -> None:
    state = HandState.new("coinche", dealer=0, seed=11)
    state.apply(Bid(CONTRACT, 2, 80))  # seat 1: 80 hearts
    view = read_view(state.view(1))
    contract = Contract(Bid(CONTRACT, 2, 80), 1)
    plain, shifted = Outcome(view, contract), TakerShift(view, contract, 10)
    # Takers (team 1) with 75 card points of 162 fail 80; ten more make it.
    cards, none = (87, 75), (0, 0)
    assert plain.value(cards, none, none, (4, 4)) < 0 < shifted.value(cards, none, none, (4, 4))
