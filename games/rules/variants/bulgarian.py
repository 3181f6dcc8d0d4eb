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
from games.rules.variants.base import Auction, Contract, HandScore, Variant

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
    belot_needs_suit = True
    card_total = {0: 162, 1: 162, 2: 162, 3: 162, NO_TRUMPS: 130, ALL_TRUMPS: 258}

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

    def score(self, hand: HandState) -> HandScore:
        contract = hand.contract
        if contract is None:
            raise ValueError("only a played hand has a score")
        mode, bidders, mult = contract.mode, contract.team, contract.multiplier
        factor = 2 if mode == NO_TRUMPS else 1
        card_points = [p * factor for p in hand.card_points]
        flags = self.declaration_flags(hand)
        declared = self.declared_points(hand, flags)
        raw = [card_points[t] + declared[t] for t in (0, 1)]
        rounded = [round_points(raw[t], raw[1 - t], t == bidders, mode) for t in (0, 1)]
        hanging = list(hand.hanging)
        points = [0, 0]
        valat = self.void_team(hand)
        if valat is not None:
            valat = 1 - valat
        winner: int | None
        if valat is not None:
            winner = valat
            points[valat] = (rounded[valat] + VALAT_BONUS) * mult
        elif raw[0] == raw[1]:
            winner = None
            if mult > 1:
                hanging = [hanging[t] + rounded[t] * mult for t in (0, 1)]
            else:
                points[1 - bidders] = rounded[1 - bidders]
                hanging[bidders] += rounded[bidders]
        else:
            winner = 0 if raw[0] > raw[1] else 1
            if mult == 1 and winner == bidders:
                points = list(rounded)
            else:
                points[winner] = (rounded[0] + rounded[1]) * mult
        if winner is None:
            outcome = "tie"
        else:
            outcome = "made" if winner == bidders else "failed"
            points[winner] += hanging[0] + hanging[1]
            hanging = [0, 0]
        match_score = [hand.match_score[t] + points[t] for t in (0, 1)]
        return HandScore(
            card_points, raw, points, hanging, outcome, valat, match_score,
            self._game_winner(match_score, valat),
        )  # fmt: skip

    @staticmethod
    def _game_winner(match_score: list[int], valat: int | None) -> int | None:
        """Rule 11: 151 with more points ends the game, never on a valat hand."""
        if valat is not None or match_score[0] == match_score[1]:
            return None
        leader = 0 if match_score[0] > match_score[1] else 1
        return leader if match_score[leader] >= GAME_POINTS else None

    def target(self) -> int:
        return GAME_POINTS


_PLAY_RULES = tuple(PlayRules(mode) for mode in range(6))
