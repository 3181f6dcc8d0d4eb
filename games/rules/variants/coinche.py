"""Coinche (Contree): an auction 80..160 and capot, coinche and surcoinche, bid-based scoring."""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.actions import CAPOT, COINCHE, CONTRACT, PASS, PASS_BID, SURCOINCHE, Bid
from games.rules.declarations import Declaration, exclusive_declarations, strongest_team
from games.rules.errors import IllegalActionError
from games.rules.play import PlayRules
from games.rules.variants.base import (
    Auction,
    Contract,
    HandPoints,
    Tally,
    Variant,
    count_with_capot,
)

VALUES = (80, 90, 100, 110, 120, 130, 140, 150, 160, CAPOT)
BASE = 160  # what a failed or coinched contract adds to the bid
_COINCHE = Bid(COINCHE)
_SURCOINCHE = Bid(SURCOINCHE)
# Contract bids above each value already bid (index into VALUES, -1 for none).
_ABOVE = {
    low: tuple(Bid(CONTRACT, s, v) for v in VALUES[low + 1 :] for s in range(4))
    for low in range(-1, len(VALUES))
}


def _name(value: int) -> str:
    return "capot" if value == CAPOT else str(value)


class CoincheAuction(Auction):
    """Rising bids; an opponent coinches, the bidding side may surcoinche; 3 passes end it."""

    __slots__ = ("best", "bidder", "multiplier", "passes")

    def __init__(self, dealer: int) -> None:
        super().__init__(dealer)
        self.best: Bid | None = None
        self.bidder = -1
        self.multiplier = 1
        self.passes = 0

    def legal(self) -> tuple[Bid, ...]:
        best = self.best
        if best is None:
            return (PASS_BID, *_ABOVE[-1])
        opponent = (self.to_act ^ self.bidder) & 1
        if self.multiplier == 2:
            return (PASS_BID,) if opponent else (PASS_BID, _SURCOINCHE)
        above = _ABOVE[VALUES.index(best.value or 0)]
        return (PASS_BID, *above, _COINCHE) if opponent else (PASS_BID, *above)

    def apply(self, bid: Bid) -> None:
        seat = self.to_act
        kind = bid.kind
        opponent = (seat ^ self.bidder) & 1
        if kind == PASS:
            self.passes += 1
            self.done = self.passes == (4 if self.best is None else 3)
        elif kind == CONTRACT:
            if self.multiplier > 1:
                raise IllegalActionError("illegal_bid", "Nobody may bid after a coinche")
            if self.best is not None and (bid.value or 0) <= (self.best.value or 0):
                if self.best.value == CAPOT:
                    raise IllegalActionError("illegal_bid", "A capot cannot be outbid")
                value = _name(self.best.value or 0)
                raise IllegalActionError("illegal_bid", f"You must bid more than {value}")
            self.best, self.bidder, self.passes = bid, seat, 0
        elif kind == COINCHE:
            if self.best is None:
                raise IllegalActionError("illegal_bid", "There is no bid to coinche")
            if self.multiplier != 1:
                raise IllegalActionError("illegal_bid", "The bid is already coinched")
            if not opponent:
                raise IllegalActionError(
                    "illegal_bid", "Only an opponent of the bidder can coinche"
                )
            self.multiplier, self.passes = 2, 0
        else:
            if self.multiplier != 2:
                raise IllegalActionError("illegal_bid", "Only a coinched bid can be surcoinched")
            if opponent:
                raise IllegalActionError("illegal_bid", "Only the bidding side may surcoinche")
            self.multiplier, self.done = 4, True
        self.calls.append((seat, bid))
        self.to_act = (seat + 1) % 4

    def contract(self) -> Contract | None:
        if self.best is None:
            return None
        return Contract(self.best, self.bidder, self.multiplier)

    def clone(self) -> CoincheAuction:
        twin = CoincheAuction(self.dealer)
        twin.to_act, twin.done, twin.calls = self.to_act, self.done, list(self.calls)
        twin.best, twin.bidder = self.best, self.bidder
        twin.multiplier, twin.passes = self.multiplier, self.passes
        return twin


def round_ten(points: int) -> int:
    """Nearest ten, five up (rule 5)."""
    return (points + 5) // 10 * 10


class Coinche(Variant):
    """Coinche / Contree, competition rules (docs/rules.md#coinche)."""

    name = "coinche"
    packets = (3, 2, 3)
    bidding_cards = 8
    bid_values = True
    house_rule_choices = {"target": (2000, 1000), "announcements": (False, True)}

    def has_word(self, bid: Bid) -> bool:
        if bid.kind in (PASS, COINCHE, SURCOINCHE):
            return True
        return bid.kind == CONTRACT and bid.value is not None

    def new_auction(self, dealer: int, deck: Sequence[int]) -> CoincheAuction:
        return CoincheAuction(dealer)

    def play_rules(self, contract: Contract) -> PlayRules:
        return _PLAY_RULES[contract.mode]

    def declarations(self, seat: int, hand: int, contract: Contract) -> list[Declaration]:
        if not self.house_rules["announcements"]:
            return []
        return exclusive_declarations(seat, hand)

    def declaration_winner(self, decls: Sequence[Declaration], dealer: int) -> int | None:
        return strongest_team(decls)

    def hand_points(self, contract: Contract, tally: Tally) -> HandPoints:
        """Rules 4-5: made, the takers write their points and the bid; failed or coinched,
        one side writes 160 and the bid (multiplied); every total to the nearest ten."""
        takers, defenders = contract.team, 1 - contract.team
        bid = contract.bid.value or 0
        # The 250 of a capot, bid or not, replaces the capot team's cards (rule 4).
        raw, counted, capot = count_with_capot(tally, CAPOT)
        if bid == CAPOT:
            made = capot == takers
        else:
            made = counted[takers] >= bid and counted[takers] > counted[defenders]
        announced = sum(tally.declared)
        points = list(tally.belots)
        if contract.multiplier > 1:
            winner = takers if made else defenders
            points[winner] += (BASE + bid) * contract.multiplier + announced
        elif made:
            points = counted
            points[takers] += bid
        else:
            points[defenders] += BASE + bid + announced
        written = [round_ten(points[0]), round_ten(points[1])]
        return HandPoints(tally.cards, raw, written, (0, 0), "made" if made else "failed", capot)


_PLAY_RULES = tuple(PlayRules(mode) for mode in range(4))
