"""Bulgarian Belot: 5+3 deal, six contracts with double/redouble, rounding, valat, game to 151."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.rules.actions import (
    CONTRACT,
    DOUBLE,
    DOUBLE_BID,
    PASS,
    PASS_BID,
    REDOUBLE,
    REDOUBLE_BID,
    STRAIN_BIDS,
    Bid,
)
from games.rules.cards import ALL_TRUMPS, NO_TRUMPS, STRAIN_NAMES
from games.rules.declarations import Declaration, exclusive_declarations, strongest_team
from games.rules.errors import IllegalActionError
from games.rules.play import PlayRules
from games.rules.variants.base import Auction, Contract, HandPoints, Tally, Variant, sweep

if TYPE_CHECKING:
    from games.rules.hand import HandState

GAME_POINTS = 151
VALAT_BONUS = 9


def _legal_table() -> dict[tuple[int, int], tuple[Bid, ...]]:
    """Legal bids by (lowest strain still biddable, 0/1/2 = none/double/redouble allowed)."""
    table = {}
    for low in range(7):
        for extra in range(3):
            table[low, extra] = (
                PASS_BID,
                *STRAIN_BIDS[low:],
                *[(), (DOUBLE_BID,), (REDOUBLE_BID,)][extra],
            )
    return table


_LEGAL = _legal_table()


class BulgarianAuction(Auction):
    """Pass or outbid; opponents double, the bidders redouble; three passes end it."""

    __slots__ = ("best", "bidder", "multiplier", "passes")

    def __init__(self, dealer: int) -> None:
        super().__init__(dealer)
        self.best = -1  # highest strain bid so far
        self.bidder = -1
        self.multiplier = 1
        self.passes = 0

    def legal(self) -> tuple[Bid, ...]:
        extra = 0
        if self.best >= 0:
            opponent = (self.to_act ^ self.bidder) & 1
            if self.multiplier == 1 and opponent:
                extra = 1
            elif self.multiplier == 2 and not opponent:
                extra = 2
        return _LEGAL[self.best + 1, extra]

    def apply(self, bid: Bid) -> None:
        seat = self.to_act
        kind = bid.kind
        if kind == PASS:
            self.passes += 1
            if self.passes == (3 if self.best >= 0 else 4):
                self.done = True
        elif kind == CONTRACT:
            strain = bid.strain if bid.strain is not None else -1
            if strain <= self.best:
                raise IllegalActionError(
                    "illegal_bid", f"You must bid higher than {STRAIN_NAMES[self.best]}"
                )
            self.best, self.bidder, self.multiplier, self.passes = strain, seat, 1, 0
        elif kind == DOUBLE:
            if self.best < 0:
                raise IllegalActionError("illegal_bid", "There is no contract to double")
            if self.multiplier != 1:
                raise IllegalActionError("illegal_bid", "The contract is already doubled")
            if not (seat ^ self.bidder) & 1:
                raise IllegalActionError("illegal_bid", "You cannot double your own team's bid")
            self.multiplier, self.passes = 2, 0
        elif kind == REDOUBLE:
            if self.multiplier != 2:
                raise IllegalActionError("illegal_bid", "Only a doubled contract can be redoubled")
            if (seat ^ self.bidder) & 1:
                raise IllegalActionError("illegal_bid", "Only the bidding team may redouble")
            self.multiplier, self.passes = 4, 0
        self.calls.append((seat, bid))
        self.to_act = (seat + 1) % 4

    def contract(self) -> Contract | None:
        if self.best < 0:
            return None
        return Contract(STRAIN_BIDS[self.best], self.bidder, self.multiplier)

    def clone(self) -> BulgarianAuction:
        twin = BulgarianAuction.__new__(BulgarianAuction)
        twin.dealer, twin.to_act, twin.done, twin.calls = (
            self.dealer, self.to_act, self.done, list(self.calls),
        )  # fmt: skip
        twin.best, twin.bidder, twin.multiplier, twin.passes = (
            self.best, self.bidder, self.multiplier, self.passes,
        )  # fmt: skip
        return twin


def round_points(raw: int, other: int, bidders: bool, mode: int) -> int:
    """Divide by ten and round the Bulgarian way (rule 7), per team."""
    tens, rest = divmod(raw, 10)
    if mode == NO_TRUMPS:
        return tens + (rest >= 6)
    pivot = 4 if mode == ALL_TRUMPS else 6
    if rest != pivot:
        return tens + (rest > pivot)
    if raw != other:
        return tens + (raw < other)
    return tens + bidders


class Bulgarian(Variant):
    """Bulgarian Belot (docs/rules.md#bulgarian)."""

    name = "bulgarian"
    packets = (3, 2, 3)
    bidding_cards = 5
    strains = (0, 1, 2, 3, NO_TRUMPS, ALL_TRUMPS)
    belot_needs_suit = True
    collects_hanging = True

    def has_word(self, bid: Bid) -> bool:
        return bid.kind in (PASS, DOUBLE, REDOUBLE) or (bid.is_contract and bid.value is None)

    def new_auction(self, dealer: int, deck: Sequence[int]) -> BulgarianAuction:
        return BulgarianAuction(dealer)

    def play_rules(self, contract: Contract) -> PlayRules:
        return _PLAY_RULES[contract.mode]

    def declarations(self, seat: int, hand: int, contract: Contract) -> list[Declaration]:
        if contract.mode == NO_TRUMPS:
            return []
        return exclusive_declarations(seat, hand)

    def declaration_winner(self, decls: Sequence[Declaration], dealer: int) -> int | None:
        return strongest_team(decls)

    def void_team(self, hand: HandState) -> int | None:
        """Valat: the team without a trick loses its declarations and belots (rule 10)."""
        won = hand.tricks_won
        if len(hand.tricks) == 8 and 0 in won:
            return won.index(0)
        return None

    def hand_points(self, contract: Contract, tally: Tally) -> HandPoints:
        """Rules 7-10: no trumps doubled, rounding per team, inside, double, valat, ties."""
        mode, bidders, mult = contract.mode, contract.team, contract.multiplier
        factor = 2 if mode == NO_TRUMPS else 1
        cards = [tally.cards[0] * factor, tally.cards[1] * factor]
        declared, belots = tally.declared, tally.belots
        extra = [declared[0] + belots[0], declared[1] + belots[1]]
        valat = sweep(tally.tricks)
        if valat is not None:
            extra[1 - valat] = 0  # rule 10: the team without a trick loses them
        # Written out pair by pair, not in comprehensions: the bots' search calls this a lot.
        raw = [cards[0] + extra[0], cards[1] + extra[1]]
        rounded = [
            round_points(raw[0], raw[1], bidders == 0, mode),
            round_points(raw[1], raw[0], bidders == 1, mode),
        ]
        points, hangs = [0, 0], [0, 0]
        if valat is not None:
            winner: int | None = valat
            points[valat] = (rounded[valat] + VALAT_BONUS) * mult
        elif raw[0] == raw[1]:
            winner = None
            if mult > 1:
                hangs = [rounded[0] * mult, rounded[1] * mult]
            else:
                points[1 - bidders] = rounded[1 - bidders]
                hangs[bidders] = rounded[bidders]
        else:
            winner = 0 if raw[0] > raw[1] else 1
            if mult == 1 and winner == bidders:
                points = rounded
            else:
                points[winner] = (rounded[0] + rounded[1]) * mult
        if winner is None:
            outcome = "tie"
        else:
            outcome = "made" if winner == bidders else "failed"
        return HandPoints(cards, raw, points, hangs, outcome, valat)

    def game_winner(
        self, hand: HandState, match_score: Sequence[int], written: HandPoints
    ) -> int | None:
        """Rule 11: 151 with more points ends the game, never on a valat hand."""
        if written.sweep is not None or match_score[0] == match_score[1]:
            return None
        leader = 0 if match_score[0] > match_score[1] else 1
        return leader if match_score[leader] >= GAME_POINTS else None

    def target(self) -> int:
        return GAME_POINTS


_PLAY_RULES = tuple(PlayRules(mode) for mode in range(6))
