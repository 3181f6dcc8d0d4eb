"""Hard's reading of the auction: worlds weighed by how natural the others' calls are in them."""

from __future__ import annotations

import random

from games.bots.auction import AuctionLikelihood, free_calls
from games.bots.medium import fits_auction
from games.bots.sampling import WorldSampler
from games.bots.view import read_view
from games.rules.cards import RANK_9, RANK_J, Card
from games.rules.hand import HandState
from tests.bots.positions import card_mask

# Dealer 3, so seat 0 calls first; each seat saw its first five cards while bidding.
HANDS = [
    "Jh 9h Ah Th Kc 7d 8d 9d",
    "7c Qc 7h 8h Qh 8s Ts Qs",
    "8c Jc Js 9s As Ks Td Jd",
    "9c Ac Tc 7s Kh Qd Kd Ad",
]


def _bulgarian(*bids: str) -> HandState:
    state = HandState.new(
        "bulgarian", dealer=3, hands=[[int(Card.parse(c)) for c in h.split()] for h in HANDS]
    )
    for bid in bids:
        state.apply(state.variant.parse_bid(bid))
    return state


def _bulgarian_hearts_by_seat_0() -> HandState:
    """Seat 0 bids hearts; the others pass."""
    return _bulgarian("hearts", "pass", "pass", "pass")


def _swapped(held: list[int], first: int, second: int, cards: str, others: str) -> list[int]:
    """The hands with `cards` moved from seat `first` to `second` and `others` back."""
    there, back = card_mask(cards), card_mask(others)
    hands = list(held)
    hands[first] = held[first] & ~there | back
    hands[second] = held[second] & ~back | there
    return hands


def test_a_pass_over_a_suit_worth_bidding_makes_a_world_less_likely() -> None:
    state = _bulgarian_hearts_by_seat_0()
    likelihood = AuctionLikelihood(read_view(state.view(0)))
    truth = list(state.held)
    # Seat 2 (partner, who needs more to bid over hearts) holds Js 9s As Ks: moved to seat 1,
    # an opponent who passed where spades were worth bidding over hearts.
    moved = _swapped(truth, 2, 1, "Js 9s As Ks", "7c Qc 7h 8h")
    assert likelihood.weights([moved])[0] < likelihood.weights([truth])[0]


def test_a_bid_without_the_strength_for_it_makes_a_world_less_likely() -> None:
    state = _bulgarian_hearts_by_seat_0()
    likelihood = AuctionLikelihood(read_view(state.view(1)))  # reads seat 0's hearts
    truth = list(state.held)
    swapped = _swapped(truth, 0, 1, "Jh 9h Ah Th", "7c Qc 8s Qs")
    assert likelihood.weights([swapped])[0] < likelihood.weights([truth])[0]


def test_in_french_belote_the_trump_jack_seldom_sits_with_a_first_round_passer() -> None:
    state = HandState.new("belote", dealer=0, seed=11)
    taker = None
    while state.phase == "bidding":
        seat = state.to_act
        legal = state.legal_actions()
        # Seats pass until seat 3 takes the turned suit in round one.
        bid = next(b for b in legal if (b.kind == "take") == (seat == 3))
        state.apply(bid)
        taker = seat if bid.kind == "take" else taker
    assert taker == 3
    view = read_view(state.view(0))
    likelihood = AuctionLikelihood(view)
    suit = view.turned >> 3
    jack = 1 << (suit * 8 + RANK_J)  # the jack of the turned suit, or its nine
    if view.hand & jack or view.turned == suit * 8 + RANK_J:
        jack = 1 << (suit * 8 + RANK_9)
    assert not view.hand & jack and view.turned != jack.bit_length() - 1  # seed 11 allows it
    sampler = WorldSampler(view)
    rng = random.Random(3)
    worlds = [sampler.sample(rng) for _ in range(400)]
    weights = likelihood.weights(worlds).tolist()
    passers = (1, 2)  # the seats that passed, other than the viewer
    uniform = sum(any(w[s] & jack for s in passers) for w in worlds) / len(worlds)
    weighted = sum(
        x for w, x in zip(worlds, weights, strict=True) if any(w[s] & jack for s in passers)
    ) / sum(weights)
    assert weighted < uniform * 0.8


def test_while_bidding_first_cards_that_would_have_bid_do_not_fit_a_pass() -> None:
    state = _bulgarian("pass")  # seat 0, holding Jh 9h Ah Th Kc
    reading = AuctionLikelihood(read_view(state.view(1)))
    firsts = [card_mask(" ".join(h.split()[:5])) for h in HANDS]
    assert not reading.fits_first(firsts)
    firsts[0], firsts[2] = firsts[2], firsts[0]  # seat 0 with 8c Jc Js 9s As instead
    assert not reading.fits_first(firsts)  # spades are worth a bid too
    firsts[0] = card_mask("7c Qc 7h 8h Qh")
    assert reading.fits_first(firsts)


def test_the_partners_bid_is_read_like_an_opponents() -> None:
    """Seat 2 reads its partner's hearts: a world where seat 0 holds no heart honours (they
    sit with seat 1 instead) is less likely than the true one."""
    state = _bulgarian_hearts_by_seat_0()
    likelihood = AuctionLikelihood(read_view(state.view(2)))
    truth = list(state.held)
    swapped = _swapped(truth, 0, 1, "Jh 9h Ah Th", "7c Qc 8s Qs")
    assert likelihood.weights([swapped])[0] < likelihood.weights([truth])[0]


def _bela(hands: list[str], *bids: str) -> HandState:
    state = HandState.new(
        "bela", dealer=3, hands=[[int(Card.parse(c)) for c in h.split()] for h in hands]
    )
    for bid in bids:
        state.apply(state.variant.parse_bid(bid))
    return state


# Seat 3, the dealer, holds no club worth naming.
WEAK_CLUBS_DEALER = [
    "Jh 9h Ah Th Kc Jc 9c Ac",
    "7c Qc 7h 8h Qh 8s Ts Qs",
    "Tc Ad Js 9s As Ks Td Jd",
    "8c 7s Kh Qd Kd 7d 8d 9d",
]


def test_a_forced_call_says_nothing_of_the_callers_hand() -> None:
    # Bela: after three passes the dealer must name a suit, however weak.
    state = _bela(WEAK_CLUBS_DEALER, "pass", "pass", "pass", "clubs")
    view = read_view(state.view(0))
    assert free_calls(view) == tuple(view.bids[:3])
    assert fits_auction(view, list(state.held))


def test_a_free_call_without_the_strength_for_it_does_not_fit_the_world() -> None:
    dealer_last = WEAK_CLUBS_DEALER[1:] + WEAK_CLUBS_DEALER[:1]  # seat 2 holds the weak clubs
    state = _bela(dealer_last, "pass", "pass", "clubs")
    view = read_view(state.view(0))
    assert free_calls(view) == view.bids
    assert not fits_auction(view, list(state.held))
