"""The bot interface: a registry of levels, decisions from one seat's view only."""

from __future__ import annotations

import random

import pytest

from games.bots import BOTS, get_bot
from games.bots.sampling import WorldSampler
from games.bots.view import read_view
from games.rules.hand import HandState
from tests.bots.positions import VARIANTS, hidden_hands, random_position, rebuild

LEVELS = sorted(BOTS)


def test_registry_knows_every_level_and_refuses_others() -> None:
    assert set(BOTS) == {"random", "easy", "medium", "hard"}
    for name in LEVELS:
        assert get_bot(name).name == name
    with pytest.raises(ValueError, match="unknown bot"):
        get_bot("grandmaster")


def test_a_bot_refuses_to_act_out_of_turn() -> None:
    state = HandState.new("bulgarian", seed=3)
    other = (state.to_act + 1) % 4
    with pytest.raises(ValueError, match="turn"):
        get_bot("easy").act(state.view(other))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_decision_is_the_same_whatever_the_hidden_hands(level: str, variant: str) -> None:
    bot = get_bot(level)
    compared = 0
    for seed in range(12):
        state = random_position(variant, seed)
        seat = state.to_act
        view = read_view(state.view(seat))
        rng = random.Random(seed)
        truth = hidden_hands(state)
        for _ in range(20):
            other = WorldSampler(view).sample(rng)
            if other != truth:
                break
        if other == truth:
            continue  # the last cards of a hand can leave only one possible world
        twin = rebuild(state, seat, other)
        assert twin.view(seat) == state.view(seat)
        assert hidden_hands(twin) != truth
        for decision_seed in (0, 1):
            assert bot.act(state.view(seat), budget_ms=20, seed=decision_seed) == bot.act(
                twin.view(seat), budget_ms=20, seed=decision_seed
            )
        compared += 1
    assert compared >= 8
