"""Zero illegal actions: every level plays whole hands, the engine checking every decision."""

from __future__ import annotations

import pytest

from games.bots import BOTS, get_bot
from games.rules.hand import HandState
from tests.bots.positions import VARIANTS

# Decisions per level and rule set: a quick sweep by default, a big one marked slow.
QUICK = {"random": 400, "easy": 400, "medium": 40, "hard": 12}
BIG = {"random": 10_000, "easy": 10_000, "medium": 400, "hard": 100}


def _play(level: str, variant: str, decisions: int) -> int:
    """Four copies of a bot play hands until `decisions` were made; returns the count."""
    bot = get_bot(level)
    made = 0
    hand = 0
    while made < decisions:
        state = HandState.new(variant, dealer=hand % 4, seed=hand)
        while state.to_act is not None and made < decisions:
            seat = state.to_act
            action = bot.act(state.view(seat), budget_ms=20, seed=made)
            assert action in state.legal_actions()
            state.apply(action, seat)  # the engine raises on anything illegal
            made += 1
        hand += 1
    return made


@pytest.mark.parametrize("level", sorted(BOTS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_decision_is_legal(level: str, variant: str) -> None:
    assert _play(level, variant, QUICK[level]) == QUICK[level]


@pytest.mark.slow
@pytest.mark.parametrize("level", sorted(BOTS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_decision_is_legal_over_many_hands(level: str, variant: str) -> None:
    assert _play(level, variant, BIG[level]) == BIG[level]
