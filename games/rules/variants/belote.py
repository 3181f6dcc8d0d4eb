"""French Belote: a turned card, two bidding rounds, the taker's draw, dedans, litige, capot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.rules.actions import CONTRACT, PASS, PASS_BID, STRAIN_BIDS, TAKE, Bid
from games.rules.cards import CARDS, CODES, SUIT_NAMES, Card
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

if TYPE_CHECKING:
    from games.rules.hand import HandState

CAPOT = 250
TURNED = 20  # deck position of the turned card, after 5 cards each
_TAKE = Bid(TAKE)
_ROUND_ONE = (PASS_BID, _TAKE)


class BeloteAuction(Auction):
    """Round one: take the turned suit or pass; round two: name another suit or pass."""

    __slots__ = ("passes", "taker", "turned")

    def __init__(self, dealer: int, turned: int) -> None:
        super().__init__(dealer)
        self.turned = turned  # suit of the turned card
        self.passes = 0
        self.taker = -1

    def legal(self) -> tuple[Bid, ...]:
        if self.passes < 4:
            return _ROUND_ONE
        return _ROUND_TWO[self.turned]

    def apply(self, bid: Bid) -> None:
        seat = self.to_act
        round_one = self.passes < 4
        if bid.kind == PASS:
            self.passes += 1
            self.done = self.passes == 8
        elif bid.kind == TAKE:
            if not round_one:
                raise IllegalActionError("illegal_bid", "Round two: name a suit or pass")
            self.taker, self.done = seat, True
        else:
            if round_one:
                raise IllegalActionError("illegal_bid", "Round one: take the turned suit or pass")
            if bid.strain == self.turned:
                raise IllegalActionError(
                    "illegal_bid", f"Round two: name a suit other than {SUIT_NAMES[self.turned]}"
                )
            self.taker, self.done = seat, True
        self.calls.append((seat, bid))
        self.to_act = (seat + 1) % 4

    def contract(self) -> Contract | None:
        if self.taker < 0:
            return None
        last = self.calls[-1][1]
        strain = self.turned if last.kind == TAKE else last.strain
        return Contract(STRAIN_BIDS[strain or 0], self.taker)

    def clone(self) -> BeloteAuction:
        twin = BeloteAuction(self.dealer, self.turned)
        twin.to_act, twin.done, twin.calls = self.to_act, self.done, list(self.calls)
        twin.passes, twin.taker = self.passes, self.taker
        return twin


_ROUND_TWO = tuple((PASS_BID, *(STRAIN_BIDS[s] for s in range(4) if s != t)) for t in range(4))


class Belote(Variant):
    """French Belote (docs/rules.md#belote)."""

    name = "belote"
    packets = (3, 2)
    bidding_cards = 5
    needs_deck = True
    turned_card = True
    collects_hanging = True
    house_rule_choices = {
        "target": (501, 1000),
        "undertrump": (False, True),
        "litige_fails": (False, True),
    }

    def has_word(self, bid: Bid) -> bool:
        if bid.kind in (PASS, TAKE):
            return True
        return bid.kind == CONTRACT and bid.value is None and (bid.strain or 0) < 4

    def new_auction(self, dealer: int, deck: Sequence[int]) -> BeloteAuction:
        return BeloteAuction(dealer, deck[TURNED] >> 3)

    def complete_hands(
        self, deck: Sequence[int], dealer: int, contract: Contract
    ) -> list[list[Card]]:
        """The taker gets the turned card and 2 more, the others 3, in blocks from first hand."""
        hands = self.deal(deck, dealer)
        hands[contract.seat].append(CARDS[deck[TURNED]])
        i = TURNED + 1
        for k in range(1, 5):
            seat = (dealer + k) % 4
            count = 2 if seat == contract.seat else 3
            hands[seat].extend(CARDS[c] for c in deck[i : i + count])
            i += count
        return hands

    def public_info(self, hand: HandState) -> dict[str, object]:
        return {"turned": CODES[hand.deck[TURNED]]}

    def play_rules(self, contract: Contract) -> PlayRules:
        return PlayRules(contract.mode, undertrump=bool(self.house_rules["undertrump"]))

    def declarations(self, seat: int, hand: int, contract: Contract) -> list[Declaration]:
        return exclusive_declarations(seat, hand)

    def declaration_winner(self, decls: Sequence[Declaration], dealer: int) -> int | None:
        return strongest_team(decls)

    def hand_points(self, contract: Contract, tally: Tally) -> HandPoints:
        """Rule 6: the takers need more than the defenders, a capot counting 250 for the
        cards; a litige leaves the takers' points hanging (or fails, house rule)."""
        takers, defenders = contract.team, 1 - contract.team
        raw, counted, capot = count_with_capot(tally, CAPOT)
        points, hangs = [0, 0], [0, 0]
        if counted[takers] > counted[defenders]:
            return HandPoints(tally.cards, raw, counted, hangs, "made", capot)
        if counted[takers] == counted[defenders] and not self.house_rules["litige_fails"]:
            points[defenders] = counted[defenders]
            hangs[takers] = counted[takers]
            return HandPoints(tally.cards, raw, points, hangs, "tie", capot)
        cards = CAPOT if capot is not None else self.card_total[contract.mode]
        points[defenders] = cards + sum(tally.declared) + tally.belots[defenders]
        points[takers] = tally.belots[takers]
        return HandPoints(tally.cards, raw, points, hangs, "failed", capot)
