"""Soft inference from the auction: how likely a world makes the calls the others made.

A seat called while seeing only part of its hand (five cards, six in Bela), so a world's
whole hand is weighed by the share of its possible first cards with which the natural
thresholds make the same call: a pass says no strain was worth bidding, a bid that its
strain was. Read by the natural thresholds, as every seat reads every call; weights never
reach zero, since a person (or a bolder level) may call otherwise.
"""

from __future__ import annotations

import itertools
from functools import cache, lru_cache
from typing import Any

import numpy as np

from games.bots.bidding import BELOTE_NAME, BELOTE_TAKE, PARTNER_MARGIN, THRESHOLD, strain_value
from games.bots.view import SeatView
from games.rules.actions import CONTRACT, PASS, TAKE, Bid
from games.rules.variants.base import Auction, Variant

FLOOR = 0.1  # the weight of a world where no first cards fit a seat's calls
BID_SLACK = 2.0  # a bid may be this far under its threshold (bolder levels, people)
PASS_SLACK = 0.5  # a pass may hide this much over a threshold
INF = float("inf")


Bounds = dict[int, tuple[float, float]]  # strain -> the value its calls say it lies in


@cache
def _suit_tables(strain: int) -> tuple[float, np.ndarray]:
    """A strain's hand value split by suit (it is a sum over suits): a constant, and per suit
    the value each set of ranks adds, as a [suit, ranks] array."""
    base = strain_value(0, strain)
    tables = [
        [strain_value(ranks << (8 * suit), strain) - base for ranks in range(256)]
        for suit in range(4)
    ]
    return base, np.array(tables)


def _value(seen: Any, strain: int) -> Any:
    """A strain's value of a card mask, or of an array of them."""
    base, tables = _suit_tables(strain)
    return base + sum(tables[suit][seen >> (8 * suit) & 0xFF] for suit in range(4))


@cache
def _first_cards(held: int, seen: int) -> np.ndarray:
    """Every way to pick the `seen` cards dealt first out of `held`, as positions."""
    return np.array(list(itertools.combinations(range(held), seen)), dtype=np.int64)


def _replay(variant: Variant, dealer: int, turned: int) -> Auction:
    """A fresh auction of the rule set, the turned card (French Belote) where the deal puts it."""
    deck = list(range(32))
    if turned >= 0:
        deck[20], deck[turned] = turned, deck[20]  # where the auction reads it
    return variant.new_auction(dealer, deck)


def free_calls(view: SeatView) -> tuple[tuple[int, Bid], ...]:
    """The calls of the view's auction made with a pass allowed: a forced call (Bela's dealer
    after three passes) says nothing of the caller's hand."""
    return _free_calls(view.variant, view.dealer, view.turned, view.bids)


@lru_cache(maxsize=256)
def _free_calls(
    variant: Variant, dealer: int, turned: int, bids: tuple[tuple[int, Bid], ...]
) -> tuple[tuple[int, Bid], ...]:
    auction = _replay(variant, dealer, turned)
    free = []
    for seat, bid in bids:
        if any(option.kind == PASS for option in auction.legal()):
            free.append((seat, bid))
        auction.apply(bid)
    return tuple(free)


def _bounds(view: SeatView) -> dict[int, Bounds]:
    """Per other seat, the range each strain's value must lie in for its calls to be natural,
    found by replaying the calls on the rule set's own auction."""
    variant = view.variant
    if variant.bid_values:
        return {}  # every card is seen at the call: the values bid say more than thresholds
    auction = _replay(variant, view.dealer, view.turned)
    scale = variant.bidding_cards / 5
    bounds: dict[int, Bounds] = {}
    for seat, bid in view.bids:
        legal = auction.legal()
        standing = auction.contract()
        ours = standing is not None and standing.team == seat & 1
        limits = {}
        for option in legal:
            if option.kind == TAKE:
                limits[view.turned >> 3] = BELOTE_TAKE
            elif option.kind == CONTRACT and option.strain is not None:
                if variant.turned_card:
                    limits[option.strain] = BELOTE_NAME
                else:
                    limit = THRESHOLD[option.strain] * scale
                    limits[option.strain] = limit + (PARTNER_MARGIN if ours else 0)
        auction.apply(bid)
        forced = not any(option.kind == PASS for option in legal)
        if seat == view.seat or forced:
            continue
        seat_bounds = bounds.setdefault(seat, {})
        if bid.kind == PASS:
            for strain, limit in limits.items():
                low, high = seat_bounds.get(strain, (-INF, INF))
                seat_bounds[strain] = (low, min(high, limit + PASS_SLACK))
        elif bid.kind in (TAKE, CONTRACT):
            named = view.turned >> 3 if bid.kind == TAKE else bid.strain
            if named is not None and named in limits:
                low, high = seat_bounds.get(named, (-INF, INF))
                seat_bounds[named] = (max(low, limits[named] - BID_SLACK), high)
        # Doubles are judged on defence, not read here.
    return {seat: b for seat, b in bounds.items() if b}


class AuctionLikelihood:
    """Weights worlds by the others' calls, for one seat's view: in the play, whole hands;
    while bidding, the first cards a world deals (`fits_first`)."""

    def __init__(self, view: SeatView) -> None:
        self.bounds = _bounds(view)
        self.seen = view.variant.bidding_cards
        self.extra = 1 << view.turned if view.turned >= 0 else 0  # seen by all at the calls
        self.played = {seat: view.played_by(seat) for seat in self.bounds}

    def weights(self, worlds: list[list[int]]) -> np.ndarray:
        """Relative likelihood of the others' calls in each world."""
        weights = np.ones(len(worlds))
        for seat, bounds in self.bounds.items():
            hands = [(w[seat] | self.played[seat]) & ~self.extra for w in worlds]
            weights *= self._shares(hands, bounds)
        return weights

    def fits_first(self, firsts: list[int]) -> bool:
        """While bidding, with the first cards a world deals each seat: whether they fit."""
        for seat, bounds in self.bounds.items():
            seen = firsts[seat] | self.extra
            for strain, (low, high) in bounds.items():
                if not low <= _value(seen, strain) < high:
                    return False
        return True

    def _shares(self, hands: list[int], bounds: Bounds) -> np.ndarray:
        """Per hand, the share of its possible first cards whose values fit every bound."""
        held = hands[0].bit_count()
        bits = (np.array(hands, dtype=np.int64)[:, None] >> np.arange(32)) & 1
        cards = np.argsort(-bits, axis=1, kind="stable")[:, :held]  # each hand's cards
        firsts = np.bitwise_or.reduce(1 << cards[:, _first_cards(held, self.seen)], axis=2)
        firsts |= self.extra
        fits = np.ones(firsts.shape, dtype=bool)
        for strain, (low, high) in bounds.items():
            value = _value(firsts, strain)
            fits &= (value >= low) & (value < high)
        shares: np.ndarray = np.maximum(FLOOR, fits.mean(axis=1))
        return shares
