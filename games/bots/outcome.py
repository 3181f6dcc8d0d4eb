"""What a finished hand is worth to a seat: each rule set's scoring, fed by search results."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.bots.view import SeatView
from games.rules.cards import NO_TRUMPS
from games.rules.declarations import BELOT
from games.rules.variants.base import Contract
from games.rules.variants.bela import STIGLJA
from games.rules.variants.belote import CAPOT, CARD_TOTAL
from games.rules.variants.bulgarian import VALAT_BONUS, round_points
from games.rules.variants.coinche import BASE, round_ten

Pair = Sequence[int]
TIE_BREAK = 0.01  # weight of a card point beside the hand points


def bulgarian_points(
    contract: Contract, cards: Pair, declared: Pair, belots: Pair, tricks: Pair
) -> tuple[int, int]:
    """Hand points per team under Bulgarian rules 7-10 (hanging points left out)."""
    mode, bidders, mult = contract.mode, contract.team, contract.multiplier
    factor = 2 if mode == NO_TRUMPS else 1
    extra = [declared[0] + belots[0], declared[1] + belots[1]]
    valat = None
    if tricks[0] == 0 or tricks[1] == 0:
        valat = 0 if tricks[1] == 0 else 1
        extra[1 - valat] = 0
    raw = [cards[t] * factor + extra[t] for t in (0, 1)]
    rounded = [round_points(raw[t], raw[1 - t], t == bidders, mode) for t in (0, 1)]
    points = [0, 0]
    if valat is not None:
        points[valat] = (rounded[valat] + VALAT_BONUS) * mult
    elif raw[0] == raw[1]:
        if mult == 1:
            points[1 - bidders] = rounded[1 - bidders]
    else:
        winner = 0 if raw[0] > raw[1] else 1
        if mult == 1 and winner == bidders:
            points = rounded
        else:
            points[winner] = (rounded[0] + rounded[1]) * mult
    return points[0], points[1]


def bela_points(
    contract: Contract, cards: Pair, declared: Pair, belots: Pair, tricks: Pair
) -> tuple[int, int]:
    """Hand points per team under Croatian Bela rules 5-6 (exact, callers need a majority)."""
    callers = contract.team
    extra = [declared[0] + belots[0], declared[1] + belots[1]]
    bonus = [0, 0]
    if tricks[0] == 0 or tricks[1] == 0:
        valat = 0 if tricks[1] == 0 else 1
        extra = [0, 0]
        extra[valat] = sum(declared) + sum(belots)
        bonus[valat] = STIGLJA
    raw = [cards[t] + extra[t] for t in (0, 1)]
    total = raw[0] + raw[1]
    if 2 * raw[callers] > total:
        return raw[0] + bonus[0], raw[1] + bonus[1]
    points = [0, 0]
    points[1 - callers] = total + bonus[1 - callers]
    return points[0], points[1]


def _counted(cards: Pair, declared: Pair, belots: Pair, tricks: Pair) -> tuple[list[int], int]:
    """French points per team (a capot team's cards counting 250), and the capot team or -1."""
    capot = -1 if tricks[0] and tricks[1] else (0 if tricks[1] == 0 else 1)
    counted = [(CAPOT if capot == t else cards[t]) + declared[t] + belots[t] for t in (0, 1)]
    return counted, capot


def belote_points(
    contract: Contract, cards: Pair, declared: Pair, belots: Pair, tricks: Pair
) -> tuple[int, int]:
    """Hand points per team under French Belote rule 6 (hanging points left out)."""
    takers = contract.team
    counted, capot = _counted(cards, declared, belots, tricks)
    points = [0, 0]
    if counted[takers] > counted[1 - takers]:
        return counted[0], counted[1]
    if counted[takers] == counted[1 - takers]:
        points[1 - takers] = counted[1 - takers]  # litige: the takers' points hang
    else:
        points[1 - takers] = (CAPOT if capot >= 0 else CARD_TOTAL) + sum(declared)
        points[1 - takers] += belots[1 - takers]
        points[takers] = belots[takers]
    return points[0], points[1]


def coinche_points(
    contract: Contract, cards: Pair, declared: Pair, belots: Pair, tricks: Pair
) -> tuple[int, int]:
    """Hand points per team under Coinche rules 4-5, each rounded to the nearest ten."""
    takers, bid = contract.team, contract.bid.value or 0
    counted, capot = _counted(cards, declared, belots, tricks)
    if bid == CAPOT:
        made = capot == takers
    else:
        made = counted[takers] >= bid and counted[takers] > counted[1 - takers]
    points = list(belots)
    if contract.multiplier > 1:
        points[takers if made else 1 - takers] += (BASE + bid) * contract.multiplier
        points[takers if made else 1 - takers] += sum(declared)
    elif made:
        points = [counted[0], counted[1]]
        points[takers] += bid
    else:
        points[takers] = belots[takers]
        points[1 - takers] += BASE + bid + sum(declared)
    return round_ten(points[0]), round_ten(points[1])


Scorer = Callable[[Contract, Pair, Pair, Pair, Pair], tuple[int, int]]
SCORERS: dict[str, Scorer] = {
    "bulgarian": bulgarian_points,
    "bela": bela_points,
    "belote": belote_points,
    "coinche": coinche_points,
}


class Outcome:
    """Values finished playouts for one seat: its team's hand points minus the other's."""

    def __init__(self, view: SeatView, contract: Contract) -> None:
        self.view = view
        self.contract = contract
        self.team = view.team
        self.scorer = SCORERS[view.variant.name]
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
        that search still prefers the line that takes more.
        """
        all_belots = (self.belots[0] + belots[0], self.belots[1] + belots[1])
        points = self.scorer(self.contract, cards, declared, all_belots, tricks)
        me, them = self.team, 1 - self.team
        return points[me] - points[them] + TIE_BREAK * (cards[me] - cards[them])
