"""The card-point search the exact solver hands its endings to agrees with a brute-force
minimax over the engine itself, for every rule set, trick history and window."""

from __future__ import annotations

import random

import numpy as np
import pytest

from games.analysis.points import outcome
from games.analysis.stack import FRAME_SIZE, MAX_DEPTH, POINTS_TT_BITS, new_table
from games.bots.kernel import INFINITY, Context
from games.rules import HandState
from tests.analysis.test_analyse_hand import VARIANTS
from tests.analysis.test_exact_solver import random_hand

TRICKS_LEFT = 3
# Which team took a trick before the position: none, team 0 only, team 1 only, both.
HISTORIES = range(4)


def ending(variant: str, seed: int) -> HandState:
    """A random hand replayed to the start of its last TRICKS_LEFT tricks."""
    hand = random_hand(variant, seed)
    replay = HandState.from_json({**hand.to_json(), "actions": []})
    for seat, action in hand.log:
        if len(replay.tricks) == 8 - TRICKS_LEFT:
            return replay
        replay.apply(action, seat)
    raise AssertionError("the hand has no such ending")


def brute_force(state: HandState, history: int) -> int:
    """Team 0's card points from `state` on (last ten included), plus one if team 0 took
    every trick of the hand, minus one if team 1 did (`history`: who took one before)."""
    base_points, base_tricks = state.card_points[0], tuple(state.tricks_won)

    def value(node: HandState) -> int:
        if node.is_over:
            took = history
            took |= 1 if node.tricks_won[0] > base_tricks[0] else 0
            took |= 2 if node.tricks_won[1] > base_tricks[1] else 0
            return node.card_points[0] - base_points + {1: 1, 2: -1}.get(took, 0)
        seat = node.to_act
        assert seat is not None
        values = []
        for action in node.legal_actions():
            child = node.clone()
            child.apply(action, seat)
            values.append(value(child))
        return max(values) if seat % 2 == 0 else min(values)

    return value(state)


def searched(state: HandState, history: int, alpha: int, beta: int) -> int:
    assert state.rules is not None and state.to_act is not None
    table = Context.of(state.rules, state.variant.belot_needs_suit).table
    left = sum(state.points_table[c] for c in range(32) if any(h >> c & 1 for h in state.held))
    return outcome(
        table, np.array(state.held, dtype=np.int64), state.to_act, history, left + 10,
        alpha, beta, new_table(POINTS_TT_BITS), np.zeros((MAX_DEPTH, FRAME_SIZE), dtype=np.int64),
        np.zeros((MAX_DEPTH, 16), dtype=np.int64),
    )  # fmt: skip


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", range(2))
def test_the_outcome_of_an_ending_is_the_brute_force_minimax_of_it(variant: str, seed: int) -> None:
    state = ending(variant, seed)
    for history in HISTORIES:
        assert searched(state, history, -INFINITY, INFINITY) == brute_force(state, history)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_zero_window_search_bounds_the_outcome_on_the_right_side(variant: str) -> None:
    """Fail-soft: a value at or above the window's top is a lower bound of the outcome, one at
    or below its bottom an upper bound; the hand-point search relies on both."""
    state, rng = ending(variant, 5), random.Random(5)
    for history in HISTORIES:
        exact = brute_force(state, history)
        for test in [exact, exact + 1, *(rng.randint(-1, 60) for _ in range(4))]:
            found = searched(state, history, test - 1, test)
            if found >= test:
                assert exact >= found
            else:
                assert exact <= found < test
