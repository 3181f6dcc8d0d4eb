"""Hard's own parts: worlds weighed by the others' play, replayable calls."""

from __future__ import annotations

import random

from games.bots import get_bot
from games.bots.hard import HardBot
from games.bots.kernel import SOLVE_ALL
from games.bots.likelihood import PlayLikelihood
from games.bots.medium import MEDIUM_DEPTH
from games.bots.sampling import WorldSampler
from games.bots.view import read_view
from games.rules.cards import Card
from games.rules.hand import HandState
from tests.bots.positions import clubs_let_go_with_the_ace


def test_weighted_worlds_favour_the_natural_reading_of_the_play() -> None:
    state = clubs_let_go_with_the_ace()
    view = read_view(state.view(0))
    likelihood = PlayLikelihood(view)
    sampler = WorldSampler(view)
    rng = random.Random(4)
    ace = 1 << int(Card.parse("Ac"))
    worlds = [sampler.sample(rng) for _ in range(300)]
    weights = likelihood.weights(worlds)
    uniform = sum(bool(w[3] & ace) for w in worlds) / len(worlds)
    weighted = sum(x for w, x in zip(worlds, weights, strict=True) if w[3] & ace) / sum(weights)
    assert weighted < uniform * 0.95


def test_hard_calls_are_replayable() -> None:
    state = HandState.new("coinche", dealer=1, seed=5)
    view = state.view(state.to_act)
    hard = get_bot("hard")
    assert hard.act(view, seed=3) == hard.act(view, seed=3)


def test_medium_solves_as_before_and_hard_the_last_five_tricks() -> None:
    medium = [MEDIUM_DEPTH.solve_below(left) for left in (32, 24, 20, 16, 12, 4)]
    assert medium == [8, 8, 12, 12, SOLVE_ALL, SOLVE_ALL]
    hard = [HardBot.depth.solve_below(left) for left in (32, 28, 24, 21, 20, 8)]
    assert hard == [20, 20, 20, 20, SOLVE_ALL, SOLVE_ALL]
