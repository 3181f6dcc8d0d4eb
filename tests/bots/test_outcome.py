"""The bots value a finished hand with the rule set's own hand points."""

from __future__ import annotations

import random

import pytest

from games.bots.outcome import TIE_BREAK, Outcome
from games.bots.view import read_view
from games.rules.actions import Play
from games.rules.hand import HandState

RULE_SETS = [
    ("bulgarian", {}),
    ("bela", {}),
    ("belote", {}),
    ("belote", {"litige_fails": True}),
    ("coinche", {}),
    ("coinche", {"announcements": True}),
]


def _random_hand(variant: str, house_rules: dict[str, object], seed: int) -> HandState:
    rng = random.Random(seed)
    state = HandState.new(variant, dealer=seed % 4, seed=seed, house_rules=house_rules)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize(("variant", "house_rules"), RULE_SETS)
def test_hand_points_of_the_tally_are_the_scores(
    variant: str, house_rules: dict[str, object]
) -> None:
    checked = 0
    outcomes: set[str] = set()
    for seed in range(400):
        state = _random_hand(variant, house_rules, seed)
        score = state.score()
        assert score is not None
        if state.contract is None:
            continue
        written = state.variant.hand_points(state.contract, state.variant.tally(state))
        assert list(written.points) == score.hand_points
        assert written.outcome == score.outcome
        outcomes.add(score.outcome)
        checked += 1
    assert checked > 100
    assert {"made", "failed"} <= outcomes


def _litige_view(house_rules: dict[str, object]) -> Outcome:
    """The first card's view of a French Belote hand the dealer's left takes."""
    state = HandState.new("belote", dealer=3, seed=5, house_rules=house_rules)
    state.apply(state.legal_actions()[1])  # take
    view = read_view(state.view(state.to_act))
    assert isinstance(view.legal[0], Play) and view.contract is not None
    return Outcome(view, view.contract)


def test_a_litige_that_fails_by_house_rule_is_valued_as_failed() -> None:
    # Takers (team 0) and defenders level at 81 card points each: a litige.
    tie = ((81, 81), (0, 0), (0, 0), (4, 4))
    hanging = _litige_view({}).value(*tie)
    failed = _litige_view({"litige_fails": True}).value(*tie)
    assert hanging == pytest.approx(-81 + TIE_BREAK * 0)
    assert failed == pytest.approx(-162)
