"""Random play through the public API, shared by the rules tests."""

import random
from collections.abc import Iterator
from typing import Any

from games.rules import Action, Card, HandState, Play
from games.rules.cards import mask_of


def random_action(state: HandState, rng: random.Random) -> Action:
    """A random legal action; plays sometimes decline to announce, as players may."""
    action = rng.choice(list(state.legal_actions()))
    if isinstance(action, Play) and rng.random() < 0.2:
        return Play(action.card, declare=rng.random() < 0.5, belot=rng.random() < 0.5)
    return action


def random_walk(variant: str, seed: int, dealer: int = 0, **kwargs: Any) -> Iterator[HandState]:
    """Yield the state of a seeded random hand before every action and once at the end."""
    rng = random.Random(seed)
    state = HandState.new(variant, dealer=dealer, seed=seed, **kwargs)
    while not state.is_over:
        yield state
        state.apply(random_action(state, rng))
    yield state


def play_out(variant: str, seed: int, dealer: int = 0, **kwargs: Any) -> HandState:
    """A complete random hand."""
    *_, last = random_walk(variant, seed, dealer, **kwargs)
    return last


def mask(*codes: str) -> int:
    """Bit mask of card codes."""
    return mask_of(Card.parse(code) for code in codes)


def hand_after(
    variant: str, hands: list[str], actions: list[str], dealer: int = 0, **kwargs: Any
) -> HandState:
    """A hand dealt from space-separated hands, after actions given as bid words or cards."""
    dealt = [[Card.parse(code) for code in h.split()] for h in hands]
    state = HandState.new(variant, dealer=dealer, hands=dealt, **kwargs)
    for text in actions:
        state.apply(state.variant.parse_bid(text) if state.phase == "bidding" else Play.parse(text))
    return state
