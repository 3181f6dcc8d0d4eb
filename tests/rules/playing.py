"""Random play through the public API, shared by the rules tests."""

import random
from collections.abc import Iterator

from games.rules import HandState, Play


def random_action(state: HandState, rng: random.Random) -> object:
    """A random legal action; plays sometimes decline to announce, as players may."""
    action = rng.choice(list(state.legal_actions()))
    if isinstance(action, Play) and rng.random() < 0.2:
        return Play(action.card, declare=rng.random() < 0.5, belot=rng.random() < 0.5)
    return action


def random_walk(variant: str, seed: int, dealer: int = 0, **kwargs: object) -> Iterator[HandState]:
    """Yield the state of a seeded random hand before every action and once at the end."""
    rng = random.Random(seed)
    state = HandState.new(variant, dealer=dealer, seed=seed, **kwargs)
    while not state.is_over:
        yield state
        state.apply(random_action(state, rng))
    yield state


def play_out(variant: str, seed: int, dealer: int = 0, **kwargs: object) -> HandState:
    """A complete random hand."""
    *_, last = random_walk(variant, seed, dealer, **kwargs)
    return last
