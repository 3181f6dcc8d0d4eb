"""Each card decision of a finished hand, valued by two measures, in hand points for the
seat's team (its hand points minus the other team's).

- Perfect information: every hand known, both sides playing perfectly from there to the end
  of the hand, for hand points (games.analysis.solver: exact from the first trick on).
- The seat's view: the hard bot's weighted sampled worlds (its reading of the others' calls
  and play), seeded by the hand and the decision, so it replays identically; valued a little
  less deep than hard plays (`VIEW_DEPTH`), to keep a hand's analysis within 2 s of a core.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.analysis.auction import analyse_auction
from games.analysis.solver import Root, Solver, value_table
from games.bots.auction import AuctionLikelihood
from games.bots.hard import HardBot
from games.bots.inference import infer
from games.bots.kernel import BELOT_POINTS, CARDS_WON, SOLVE_ALL, Context
from games.bots.likelihood import PlayLikelihood
from games.bots.medium import CardSearch, Depth, draw_worlds, finish, trick_state
from games.bots.outcome import TIE_BREAK, Outcome
from games.bots.sampling import WorldSampler
from games.bots.view import SeatView, read_view
from games.rules.actions import Play
from games.rules.cards import CODES
from games.rules.hand import HandState, action_from_json
from games.rules.variants.base import Tally

ANALYSIS_VERSION = 2  # 2: the auction's calls too
# Cards left from which the perfect-information value is exact: all of them (older analyses
# were exact for the last five tricks only, and say so decision by decision).
EXACT_CARDS = 32
# Worlds sampled per decision for the seat's view: as many as the hard bot uses at most.
VIEW_WORLDS = HardBot.max_worlds
# Every card solved exactly from four tricks before the end, playouts solving the last three
# tricks from the third trick on. Hard's own depth (the last five tricks of every playout)
# took the median hand from 1.0 to 2.1 s and 26 of 50 Bulgarian hands over 2 s
# (`bench/analysis.py --hands 50`).
VIEW_DEPTH = Depth(exact_cards=16, deep_from=24)


def analyse_hand(
    hand: Mapping[str, Any], *, seed: int, worlds: int = VIEW_WORLDS, exact_cards: int = EXACT_CARDS
) -> dict[str, Any]:
    """Every card decision of the finished hand saved as `HandState.to_json()`.

    A decision is a play with a choice (a single legal card is no decision). Each lists the
    legal cards' values by both measures, the best card(s) and the loss of the card played.
    """
    state = HandState.from_json({**hand, "actions": []})
    found = []
    for number, data in enumerate(hand["actions"]):
        seat, action = action_from_json(state.variant, data)
        if isinstance(action, Play) and len(state.legal_actions()) > 1:
            found.append((state.clone(), seat, int(action.card), number))
        state.apply(action, seat)
    # Last decision first: each position's value is then known (the best of the decision
    # after it) before it is searched, and its subtrees are in the table already.
    exact, solver = {}, _Perfect()
    for position, seat, played, number in reversed(found):
        if _solve_below(position, exact_cards) == SOLVE_ALL:
            view = read_view(position.view(seat))
            exact[number] = solver.values(view, list(position.held), played)
    decisions = [
        _decision(position, seat, played, number, seed, worlds, exact_cards, exact.get(number))
        for position, seat, played, number in found
    ]
    return {
        "version": ANALYSIS_VERSION,
        "exact_cards": exact_cards,
        "decisions": decisions,
        "auction": analyse_auction(hand, seed=seed),
    }


def _decision(
    state: HandState, seat: int, played: int, number: int, seed: int, worlds: int, exact: int,
    solved: list[float] | None,
) -> dict[str, Any]:  # fmt: skip
    view = read_view(state.view(seat))
    legal = view.legal_cards
    perfect = solved
    if perfect is None:  # before `exact` cards left: natural play, then the card-point solver
        perfect = _values(view, legal, [list(state.held)], [1.0], _solve_below(state, exact))
    sampled, weights = _sampled_worlds(view, worlds, random.Random(seed * 1_000 + number))  # noqa: S311 (replayable)
    seen = _values(view, legal, sampled, weights, _view_solve_below(view))
    perfect, seen = [round(v, 1) for v in perfect], [round(v, 1) for v in seen]
    mine = legal.index(played)
    return {
        "action": number,
        "seat": seat,
        "trick": len(state.tricks),
        "card": CODES[played],
        "cards": [
            {"card": CODES[card], "perfect": p, "view": v}
            for card, p, v in zip(legal, perfect, seen, strict=True)
        ],
        "best_perfect": _best(legal, perfect),
        "best_view": _best(legal, seen),
        "loss_perfect": round(max(perfect) - perfect[mine], 1),
        "loss_view": round(max(seen) - seen[mine], 1),
        "exact": _solve_below(state, exact) == SOLVE_ALL,
    }


class _Perfect:
    """The exact all-cards-known values of a hand's decisions: one solver, and one table of
    final scores per set of declarations, for them all."""

    def __init__(self) -> None:
        self.solver: Solver | None = None
        self.scorings: dict[tuple[int, ...], Any] = {}
        self.guess = 0  # team 0's value of the position the card played leads to

    def values(self, view: SeatView, hands: list[int], played: int) -> list[float]:
        """Each legal card's value for the seat's team, every hand known; called for a hand's
        decisions last first, so that the card played has its value known (`guess`)."""
        legal = view.legal_cards
        contract, rules = view.contract, view.rules()
        if contract is None or rules is None:
            raise ValueError("card play needs a contract")
        outcome = Outcome(view, contract)
        declared = outcome.declared(hands)
        if self.solver is None:
            self.solver = Solver(Context.of(rules, view.variant.belot_needs_suit).table)
        scoring = self.scorings.get(tuple(declared))
        if scoring is None:

            def score(cards: Sequence[int], belots: Sequence[int], tricks: Sequence[int]) -> float:
                tally = Tally(cards, declared, belots, tricks)
                points = view.variant.hand_points(contract, tally).points
                return float(points[0] - points[1])

            scoring = self.scorings[tuple(declared)] = value_table(self.solver.table, score)
        led, win_card, win_seat = trick_state(view)
        belots = tuple(b // BELOT_POINTS for b in outcome.belots)
        root = Root(
            hands=(hands[0], hands[1], hands[2], hands[3]), to_act=view.seat,
            trick=tuple(view.trick), led=led, win_card=win_card, win_seat=win_seat,
            won=view.won_points, tricks=view.tricks_won, belots=(belots[0], belots[1]),
        )  # fmt: skip
        # The card played first: its value is the guess, and it bounds the others'.
        order = sorted(legal, key=lambda card: card != played)
        found = dict(zip(order, self.solver.values(root, order, scoring, self.guess), strict=True))
        values = [found[card] for card in legal]
        self.guess = max(values) if outcome.team == 0 else min(values)
        sign = 1 if outcome.team == 0 else -1
        return [sign * v for v in values]


def _solve_below(state: HandState, exact: int) -> int:
    left = sum(mask.bit_count() for mask in state.held)
    return SOLVE_ALL if left <= exact else exact


def _view_solve_below(view: SeatView) -> int:
    """The view's depth for this many cards left."""
    return VIEW_DEPTH.solve_below(sum(view.hand_sizes))


def _sampled_worlds(
    view: SeatView, worlds: int, rng: random.Random
) -> tuple[list[list[int]], list[float]]:
    """Worlds consistent with what the seat saw, weighted as the hard bot weighs them."""
    sampled = draw_worlds(view, WorldSampler(view, infer(view)), worlds, rng)
    calls = AuctionLikelihood(view).weights(sampled).tolist()
    plays = PlayLikelihood(view).weights(sampled)
    return sampled, [c * p for c, p in zip(calls, plays, strict=True)]


def _values(
    view: SeatView, legal: Sequence[int], worlds: Sequence[Sequence[int]],
    weights: Sequence[float], solve_below: int,
) -> list[float]:  # fmt: skip
    """Each legal card's weighted mean value over the worlds, for the seat's team."""
    search = CardSearch.of(view)
    totals = search.totals(worlds, weights, legal, solve_below, _hand_points)
    total_weight = sum(weights) or 1.0
    return [t / total_weight for t in totals]


def _hand_points(
    outcome: Outcome, declared: Sequence[int], base: tuple[Sequence[int], Sequence[int]],
    row: Sequence[int],
) -> float:  # fmt: skip
    """The seat's team's hand points minus the other's: the bots' value without the share of
    card points it adds to break ties."""
    cards = [base[0][t] + row[CARDS_WON + t] for t in (0, 1)]
    me = outcome.team
    return finish(outcome, declared, base, row) - TIE_BREAK * (cards[me] - cards[1 - me])


def _best(legal: Sequence[int], values: Sequence[float]) -> list[str]:
    """The card(s) worth the most."""
    return [CODES[c] for c, v in zip(legal, values, strict=True) if v == max(values)]
