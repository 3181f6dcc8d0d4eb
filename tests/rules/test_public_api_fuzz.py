"""Whatever it is given, the engine's public API answers or raises one of its own errors.

Each public entry point gets arbitrary JSON-like values and wrong types, and saved hands and
matches with one part replaced by such a value; the only acceptable outcomes are a result or a
RulesError subclass with a code. A refused `apply` leaves the state exactly as it was.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import (
    VARIANTS,
    Bid,
    HandState,
    Match,
    Play,
    RulesError,
    action_from_json,
    get_variant,
    parse_bid,
)
from tests.rules.playing import random_action

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-2, max_value=40)
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["bela", "coinche", "Js", "hearts", "80 hearts", "pass", "target"])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=12,
)
# What no JSON decoder produces, but a caller in Python might pass.
WRONG_TYPES = st.sampled_from(
    [
        b"Js",
        object(),
        {1, 2},
        (0, 1),
        1j,
        range(3),
        float("nan"),
        Play.parse("Js"),
        Bid.parse("pass"),
    ]
)
ANYTHING = JSON | WRONG_TYPES
NAMES = st.sampled_from(sorted(VARIANTS))
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def answers_or_refuses(call: Callable[[], Any]) -> Any:
    """Run the call: any exception other than a RulesError with a code fails the test."""
    try:
        return call()
    except RulesError as error:
        assert isinstance(error.code, str) and error.code, error
        assert error.message
        return error


def saved_hand(variant: str, seed: int, steps: int) -> HandState:
    """A hand some random steps in (bids and cards), to vary what is saved."""
    rng = random.Random(seed)
    state = HandState.new(variant, dealer=seed % 4, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(random_action(state, rng))
    return state


def replaced(data: Any, rng: random.Random, value: Any) -> Any:
    """A copy of nested data with one part (a key's value or a list item) replaced or dropped."""
    if isinstance(data, dict) and data:
        key = rng.choice(sorted(data))
        copy = dict(data)
        if rng.random() < 0.2:
            del copy[key]
        elif rng.random() < 0.5:
            copy[key] = replaced(copy[key], rng, value)
        else:
            copy[key] = value
        return copy
    if isinstance(data, list) and data:
        index = rng.randrange(len(data))
        copy = list(data)
        copy[index] = replaced(copy[index], rng, value) if rng.random() < 0.5 else value
        return copy
    return value


@FUZZ
@given(name=ANYTHING | NAMES, house_rules=ANYTHING)
def test_get_variant(name: Any, house_rules: Any) -> None:
    answers_or_refuses(lambda: get_variant(name, house_rules))


@FUZZ
@given(text=ANYTHING)
def test_parse_bid(text: Any) -> None:
    answers_or_refuses(lambda: parse_bid(text))


@FUZZ
@given(name=NAMES, item=ANYTHING, variant=ANYTHING)
def test_action_from_json(name: str, item: Any, variant: Any) -> None:
    answers_or_refuses(lambda: action_from_json(get_variant(name), item))
    answers_or_refuses(lambda: action_from_json(variant, {"seat": 0, "bid": "pass"}))


@FUZZ
@given(
    variant=NAMES | ANYTHING,
    arguments=st.dictionaries(
        st.sampled_from(
            ["dealer", "seed", "deck", "hands", "house_rules", "match_score", "hanging"]
        ),
        ANYTHING | st.lists(st.integers(min_value=-1, max_value=40), min_size=8, max_size=32),
        max_size=4,
    ),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_hand_state_new(variant: Any, arguments: dict[str, Any], seed: int) -> None:
    if not {"seed", "deck", "hands"} & set(arguments):
        arguments["seed"] = seed
    answers_or_refuses(lambda: HandState.new(variant, **arguments))


@FUZZ
@given(data=ANYTHING)
def test_hand_state_from_json_of_anything(data: Any) -> None:
    answers_or_refuses(lambda: HandState.from_json(data))


@FUZZ
@given(
    name=NAMES,
    seed=st.integers(min_value=0, max_value=10**6),
    steps=st.integers(min_value=0, max_value=40),
    value=ANYTHING,
)
def test_hand_state_from_json_of_a_damaged_save(
    name: str, seed: int, steps: int, value: Any
) -> None:
    saved = saved_hand(name, seed, steps).to_json()
    damaged = replaced(saved, random.Random(seed), value)
    restored = answers_or_refuses(lambda: HandState.from_json(damaged))
    if isinstance(restored, HandState):
        # Whatever was accepted saves again (a stored state can always be read back).
        assert HandState.from_json(restored.to_json()).to_json() == restored.to_json()


@FUZZ
@given(
    variant=NAMES | ANYTHING,
    house_rules=st.none() | ANYTHING,
    dealer=st.integers(min_value=0, max_value=3) | ANYTHING,
    deals=st.none() | st.integers(min_value=1, max_value=30) | ANYTHING,
)
def test_match(variant: Any, house_rules: Any, dealer: Any, deals: Any) -> None:
    match = answers_or_refuses(lambda: Match(variant, house_rules, dealer=dealer, deals=deals))
    if isinstance(match, Match):
        hand = match.new_hand(seed=1)
        assert hand.dealer == dealer
        assert Match.from_json(match.to_json()).to_json() == match.to_json()


@FUZZ
@given(data=ANYTHING)
def test_match_from_json_of_anything(data: Any) -> None:
    answers_or_refuses(lambda: Match.from_json(data))


@FUZZ
@given(name=NAMES, seed=st.integers(min_value=0, max_value=10**6), value=ANYTHING)
def test_match_from_json_of_a_damaged_save(name: str, seed: int, value: Any) -> None:
    match = Match(name, dealer=seed % 4)
    rng = random.Random(seed)
    hand = match.new_hand(seed=seed)
    for _ in range(rng.randrange(40)):
        if hand.is_over:
            break
        hand.apply(random_action(hand, rng))
    damaged = replaced(match.to_json(), rng, value)
    restored = answers_or_refuses(lambda: Match.from_json(damaged))
    if isinstance(restored, Match):
        assert Match.from_json(restored.to_json()).to_json() == restored.to_json()


ACTIONS = (
    ANYTHING
    | st.builds(Play.parse, st.sampled_from(["Js", "7c", "Ah", "Td"]))
    | st.sampled_from(["pass", "hearts", "80 spades", "take", "double", "coinche"]).map(parse_bid)
)


@FUZZ
@given(
    name=NAMES,
    seed=st.integers(min_value=0, max_value=10**6),
    steps=st.integers(min_value=0, max_value=40),
    action=ACTIONS,
    seat=st.none() | st.integers(min_value=-1, max_value=4) | ANYTHING,
)
def test_a_refused_apply_changes_nothing(
    name: str, seed: int, steps: int, action: Any, seat: Any
) -> None:
    state = saved_hand(name, seed, steps)
    before = json.dumps(state.to_json())
    views = [state.view(s) for s in range(4)]
    outcome = answers_or_refuses(lambda: state.apply(action, seat))
    if isinstance(outcome, RulesError):
        assert json.dumps(state.to_json()) == before, "byte for byte"
        assert [state.view(s) for s in range(4)] == views
    else:
        assert HandState.from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("seat", [-1, 4, "0", None, 1.5, True])
def test_a_view_of_no_seat_is_refused(seat: Any) -> None:
    state = HandState.new("bela", seed=3)
    answers_or_refuses(lambda: state.view(seat))
