"""What a seat can infer about the hidden hands: pinned cards, shown voids, announced sets."""

from __future__ import annotations

from dataclasses import dataclass

from games.bots.view import SeatView
from games.rules.cards import BELOT_CARDS, FULL_MASK, PAIR_BIT, SUIT_MASK, TRUMP_MASK
from games.rules.declarations import BELOT
from games.rules.play import legal_mask


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Hard facts about the unseen cards: who must hold some, who cannot hold others."""

    unseen: int  # cards not in this seat's hand and not played
    needs: tuple[int, int, int, int]  # unseen cards each seat holds (or will: bidding)
    pinned: tuple[int, int, int, int]  # unseen cards known to be in a seat's hand
    forbidden: tuple[int, int, int, int]  # unseen cards a seat cannot hold

    def allowed(self, seat: int) -> int:
        """Unseen cards that seat may hold."""
        return self.unseen & ~self.forbidden[seat]

    def void(self, seat: int, suit: int) -> bool:
        """Whether the seat is known to hold no unseen card of the suit."""
        return not self.allowed(seat) & SUIT_MASK[suit]


def infer(view: SeatView) -> Knowledge:
    """Every hard constraint the public record puts on the hidden hands."""
    me = view.seat
    unseen = FULL_MASK & ~view.hand & ~view.played
    pinned = [0, 0, 0, 0]
    for a in view.announcements:
        if a.seat != me:
            pinned[a.seat] |= a.cards & unseen
    bidding = view.phase == "bidding"
    if view.turned >= 0 and unseen >> view.turned & 1:
        # French Belote: the turned card goes to the taker; while bidding, worlds are dealt
        # as if this seat takes (what its bidding weighs).
        taker = me if bidding or view.contract is None else view.contract.seat
        pinned[taker] |= 1 << view.turned
    forbidden = [0, 0, 0, 0]
    rules = view.rules()
    if rules is not None:
        relevant_base = TRUMP_MASK[rules.mode]
        for p in view.plays:
            if p.seat == me or p.led < 0:
                continue
            bit = 1 << p.card
            relevant = unseen & (SUIT_MASK[p.led] | relevant_base) & ~forbidden[p.seat]
            while relevant:
                low = relevant & -relevant
                relevant ^= low
                if not legal_mask(bit | low, p.seat, p.led, p.win_card, p.win_seat, rules) & bit:
                    forbidden[p.seat] |= low
    # While bidding every seat ends with eight cards; this seat's own are still to come.
    needs = [8 if bidding else view.hand_sizes[s] for s in range(4)]
    needs[me] = 8 - view.hand.bit_count() if bidding else 0
    if not needs[me]:
        forbidden[me] = unseen
    for seat in range(4):
        # Cards pinned to one seat are out of every other seat's reach.
        for other in range(4):
            if other != seat:
                forbidden[seat] |= pinned[other]
        forbidden[seat] &= ~pinned[seat]
    return Knowledge(
        unseen,
        (needs[0], needs[1], needs[2], needs[3]),
        (pinned[0], pinned[1], pinned[2], pinned[3]),
        (forbidden[0], forbidden[1], forbidden[2], forbidden[3]),
    )


def consistent(view: SeatView, hands: list[int], *, strict: bool = True) -> bool:
    """Whether full hidden hands agree with the record: plays legal, declarations as announced.

    `strict` also assumes every player announces what they hold (as bots do); a person may
    decline, so samplers drop it when no world passes.
    """
    rules = view.rules()
    contract = view.contract
    if rules is None or contract is None:
        return True
    later = [0, 0, 0, 0]  # cards each seat played after the play being checked
    first_plays: dict[int, int] = {}
    for p in reversed(view.plays):
        bit = 1 << p.card
        if p.seat != view.seat:
            then = hands[p.seat] | later[p.seat] | bit
            legal = legal_mask(then, p.seat, p.led, p.win_card, p.win_seat, rules)
            if p.led >= 0 and not legal & bit:
                return False
            first_plays[p.seat] = then
        later[p.seat] |= bit
    if not strict:
        return True
    announced: dict[int, set[int]] = {}
    belots: dict[int, int] = {}
    for a in view.announcements:
        if a.kind == BELOT:
            belots[a.seat] = belots.get(a.seat, 0) | a.cards
        else:
            announced.setdefault(a.seat, set()).add(a.cards)
    variant = view.variant
    for seat, then in first_plays.items():
        found = {sum(1 << c for c in d.cards) for d in variant.declarations(seat, then, contract)}
        if found != announced.get(seat, set()):
            return False
    belot_cards = BELOT_CARDS[contract.mode]
    needs_suit = variant.belot_needs_suit
    held = [hands[s] | later[s] for s in range(4)]
    for p in view.plays:
        bit = 1 << p.card
        if p.seat == view.seat or not bit & belot_cards or belots.get(p.seat, 0) & bit:
            continue
        pair = PAIR_BIT[p.card]
        eligible = p.led < 0 or not needs_suit or p.card >> 3 == p.led
        # Held the pair yet said nothing: a bot would have announced its belot.
        if eligible and held[p.seat] & pair and not _played_before(view, p.seat, pair, p.card):
            return False
    return True


def _played_before(view: SeatView, seat: int, pair: int, card: int) -> bool:
    """Whether the seat played the other card of the pair before this one."""
    for p in view.plays:
        if p.card == card:
            return False
        if p.seat == seat and 1 << p.card == pair:
            return True
    return False
