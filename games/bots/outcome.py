"""What a finished hand is worth to a seat: its rule set's hand points, fed by search results."""

from __future__ import annotations

from collections.abc import Sequence

from games.bots.view import SeatView
from games.rules.declarations import BELOT
from games.rules.variants.base import Contract, Tally

Pair = Sequence[int]
TIE_BREAK = 0.01  # weight of a card point beside the hand points


class Outcome:
    """Values finished playouts for one seat: its team's hand points minus the other's."""

    def __init__(self, view: SeatView, contract: Contract) -> None:
        self.view = view
        self.contract = contract
        self.team = view.team
        self.hand_points = view.variant.hand_points
        self.values: dict[tuple[int, ...], float] = {}  # by ending, see `value`
        self.belots = [0, 0]
        self.settled: list[int] | None = None
        for a in view.announcements:
            if a.kind == BELOT:
                self.belots[a.seat & 1] += a.points
        if view.tricks_done and view.phase == "playing":
            # After the first trick the comparison is public: the scoring flags say it all.
            self.settled = [0, 0]
            for a in view.announcements:
                if a.kind != BELOT and a.scored:
                    self.settled[a.seat & 1] += a.points

    def declared(self, world: Sequence[int]) -> list[int]:
        """Declaration points per team in a world (the comparison applied)."""
        if self.settled is not None:
            return self.settled
        view, variant, contract = self.view, self.view.variant, self.contract
        decls = []
        announced = {(a.seat, a.cards) for a in view.announcements if a.kind != BELOT}
        for seat in range(4):
            played = view.played_by(seat)
            found = variant.declarations(seat, world[seat] | played, contract)
            if played:
                # Already announced (or kept silent): only what was said counts.
                found = [d for d in found if (seat, sum(1 << c for c in d.cards)) in announced]
            decls.extend(found)
        winner = variant.declaration_winner(decls, view.dealer)
        points = [0, 0]
        for d in decls:
            if d.seat & 1 == winner:
                points[winner] += d.points
        return points

    def value(self, cards: Pair, declared: Pair, belots: Pair, tricks: Pair) -> float:
        """This seat's team's hand points minus the other team's, for a finished hand.

        A small share of the card-point difference breaks the ties that rounding makes, so
        that search still prefers the line that takes more. Remembered per ending: most
        playouts of one search end in a tally another already reached.
        """
        key = (
            cards[0],
            cards[1],
            declared[0],
            declared[1],
            belots[0],
            belots[1],
            tricks[0],
            tricks[1],
        )
        value = self.values.get(key)
        if value is None:
            all_belots = (self.belots[0] + belots[0], self.belots[1] + belots[1])
            tally = Tally(cards, declared, all_belots, tricks)
            points = self.hand_points(self.contract, tally).points
            me, them = self.team, 1 - self.team
            value = points[me] - points[them] + TIE_BREAK * (cards[me] - cards[them])
            self.values[key] = value
        return value
