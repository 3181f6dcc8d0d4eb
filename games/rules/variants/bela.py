"""Croatian Bela: 6 cards + talon, one naming round (dealer must name), exact scoring to 1001."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.rules.actions import CONTRACT, PASS, PASS_BID, STRAIN_BIDS, Bid
from games.rules.cards import SUIT_MASK, mask_of
from games.rules.declarations import (
    Declaration,
    overlapping_declarations,
)
from games.rules.errors import IllegalActionError
from games.rules.play import PlayRules
from games.rules.variants.base import (
    Auction,
    Contract,
    HandPoints,
    Tally,
    Variant,
    reached,
    seat_distance,
    sweep,
)

if TYPE_CHECKING:
    from games.rules.hand import HandState

STIGLJA = 90
_SUIT_BIDS = STRAIN_BIDS[:4]
_WITH_PASS = (PASS_BID, *_SUIT_BIDS)


class BelaAuction(Auction):
    """One round from first hand: name a suit or pass; the dealer may not pass."""

    __slots__ = ("caller",)

    def __init__(self, dealer: int) -> None:
        super().__init__(dealer)
        self.caller = -1

    def legal(self) -> tuple[Bid, ...]:
        return _SUIT_BIDS if self.to_act == self.dealer else _WITH_PASS

    def apply(self, bid: Bid) -> None:
        seat = self.to_act
        if bid.kind == PASS:
            if seat == self.dealer:
                raise IllegalActionError("illegal_bid", "The dealer may not pass: name a suit")
        else:
            self.caller = seat
            self.done = True
        self.calls.append((seat, bid))
        self.to_act = (seat + 1) % 4

    def contract(self) -> Contract | None:
        if self.caller < 0:
            return None
        return Contract(self.calls[-1][1], self.caller)

    def clone(self) -> BelaAuction:
        twin = BelaAuction.__new__(BelaAuction)
        twin.dealer, twin.to_act, twin.done, twin.calls = (
            self.dealer, self.to_act, self.done, list(self.calls),
        )  # fmt: skip
        twin.caller = self.caller
        return twin


def bela_key(d: Declaration, dealer: int) -> tuple[int, ...]:
    """Rule 4: points, a four over a run, higher four / longer run / higher top, nearest seat."""
    if d.is_four:
        return (d.points, 1, d.top, 0, 0, -seat_distance(d.seat, dealer))
    return (d.points, 0, 0, d.length, d.top, -seat_distance(d.seat, dealer))


def eight_of_a_suit(hands: Sequence[Sequence[int]], dealer: int) -> int | None:
    """The team of the player nearest first hand holding all eight cards of a suit."""
    holders = [seat for seat, cards in enumerate(hands) if mask_of(cards) in SUIT_MASK]
    if not holders:
        return None
    return min(holders, key=lambda seat: seat_distance(seat, dealer)) & 1


class Bela(Variant):
    """Croatian Bela (docs/rules.md#bela)."""

    name = "bela"
    packets = (3, 3, 2)
    bidding_cards = 6
    house_rule_choices = {"target": (1001, 501, 701)}

    def has_word(self, bid: Bid) -> bool:
        if bid.kind == PASS:
            return True
        return bid.kind == CONTRACT and bid.value is None and (bid.strain or 0) < 4

    def new_auction(self, dealer: int, deck: Sequence[int]) -> BelaAuction:
        return BelaAuction(dealer)

    def play_rules(self, contract: Contract) -> PlayRules:
        return _PLAY_RULES[contract.mode]

    def declarations(self, seat: int, hand: int, contract: Contract) -> list[Declaration]:
        return overlapping_declarations(seat, hand)

    def declaration_winner(self, decls: Sequence[Declaration], dealer: int) -> int | None:
        if not decls:
            return None
        return max(decls, key=lambda d: bela_key(d, dealer)).seat & 1

    def hand_points(self, contract: Contract, tally: Tally) -> HandPoints:
        """Rules 5-6: exact points; the callers need more than half, else all go across."""
        callers = contract.team
        declared = [tally.declared[0] + tally.belots[0], tally.declared[1] + tally.belots[1]]
        valat = sweep(tally.tricks)
        bonus = [0, 0]
        if valat is not None:
            # The side without a trick loses its declarations and belas to the other (rule 5).
            declared = [0, 0]
            declared[valat] = sum(tally.declared) + sum(tally.belots)
            bonus[valat] = STIGLJA
        raw = [tally.cards[0] + declared[0], tally.cards[1] + declared[1]]
        total = raw[0] + raw[1]
        if 2 * raw[callers] > total:
            return HandPoints(
                tally.cards, raw, [raw[0] + bonus[0], raw[1] + bonus[1]], (0, 0), "made", valat
            )
        points = [0, 0]
        points[1 - callers] = total + bonus[1 - callers]
        return HandPoints(tally.cards, raw, points, (0, 0), "failed", valat)

    def game_winner(
        self, hand: HandState, match_score: Sequence[int], written: HandPoints
    ) -> int | None:
        """All eight cards of a suit dealt to one player win at once; else past the target."""
        winner = eight_of_a_suit(hand.dealt, hand.dealer)
        return winner if winner is not None else reached(match_score, self.target())


_PLAY_RULES = tuple(
    PlayRules(mode, plain_raise=True, trump_over_partner=True, undertrump=True) for mode in range(4)
)
