"""The bots' hand scoring agrees with the engine's on random complete hands."""

from __future__ import annotations

import random

import pytest

from games.bots.outcome import SCORERS
from games.rules.declarations import BELOT
from games.rules.hand import HandState

RULE_SETS = [
    ("bulgarian", {}),
    ("bela", {}),
    ("belote", {}),
    ("coinche", {}),
    ("coinche", {"announcements": True}),
]


@pytest.mark.parametrize(("variant", "house_rules"), RULE_SETS)
def test_scorers_give_the_engines_hand_points(variant: str, house_rules: dict[str, object]) -> None:
    scorer = SCORERS[variant]
    checked = 0
    outcomes: set[str] = set()
    for seed in range(600):
        rng = random.Random(seed)
        state = HandState.new(variant, dealer=seed % 4, seed=seed, house_rules=house_rules)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        score = state.score()
        assert score is not None
        if state.contract is None:
            continue
        declared, belots = [0, 0], [0, 0]
        for d, scored in zip(state.declarations, state.declaration_flags(), strict=True):
            team = d.seat & 1
            if d.kind == BELOT:
                belots[team] += d.points
            elif scored:
                declared[team] += d.points
        points = scorer(state.contract, state.card_points, declared, belots, state.tricks_won)
        assert list(points) == score.hand_points
        outcomes.add(score.outcome)
        checked += 1
    assert checked > 150
    assert {"made", "failed"} <= outcomes
