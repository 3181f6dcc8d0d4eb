"""Wrong input found by a black-box probe: each is refused with the engine's own error."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules import (
    Bid,
    HandState,
    InvalidInputError,
    MalformedActionError,
    Match,
    RulesError,
    action_from_json,
    get_variant,
)

HANDS = [list(range(s * 8, s * 8 + 8)) for s in range(4)]


@pytest.mark.parametrize(
    "arguments",
    [
        {"hands": ["7c 8c 9c Tc Jc Qc Kc Ac"] * 4},
        {"hands": [[40, *HANDS[0][1:]], *HANDS[1:]]},
        {"hands": [[-1, *HANDS[0][1:]], *HANDS[1:]]},
        {"hands": HANDS, "house_rules": "target=501"},
        {"hands": HANDS, "match_score": [1.7, 0]},
        {"hands": HANDS, "hanging": "00"},
        {"hands": HANDS, "dealer": 1.0},
        {"hands": HANDS, "dealer": True},
        {"seed": "7"},
        {"deck": "7c" * 32},
        {"deck": list(range(-1, 31))},
    ],
)
def test_hand_state_new_refuses_what_is_not_a_hand(arguments: dict[str, Any]) -> None:
    with pytest.raises(InvalidInputError):
        HandState.new("bela", **arguments)


@pytest.mark.parametrize("data", [None, "x", [], {"variant": "bela"}, {"variant": ["bela"]}])
def test_hand_state_from_json_refuses_what_is_not_a_saved_hand(data: Any) -> None:
    with pytest.raises(InvalidInputError):
        HandState.from_json(data)


def test_a_saved_hand_with_fractional_points_is_refused() -> None:
    saved = HandState.new("bela", seed=1, match_score=(100, 50)).to_json()
    with pytest.raises(InvalidInputError):
        HandState.from_json({**saved, "match_score": [1.7, 0]})
    with pytest.raises(InvalidInputError):
        HandState.from_json({**saved, "actions": ["pass"]})


@pytest.mark.parametrize(
    "arguments", [{"deals": "3"}, {"deals": 2.0}, {"dealer": "0"}, {"dealer": 4}]
)
def test_match_refuses_what_is_not_a_match(arguments: dict[str, Any]) -> None:
    with pytest.raises(InvalidInputError):
        Match("bulgarian", **arguments)


@pytest.mark.parametrize("data", [None, 3, ["bela"]])
def test_match_from_json_refuses_what_is_not_a_saved_match(data: Any) -> None:
    with pytest.raises(InvalidInputError):
        Match.from_json(data)


def test_a_saved_match_with_a_made_up_winner_or_history_is_refused() -> None:
    saved = Match("bela").to_json()
    for damage in ({"winner": 2}, {"winner": "0"}, {"history": [1]}, {"score": [1.5, 0]}):
        with pytest.raises(InvalidInputError):
            Match.from_json({**saved, **damage})


@pytest.mark.parametrize("item", [None, "pass", ["seat", 0], 7])
def test_an_action_that_is_not_an_object_is_malformed(item: Any) -> None:
    with pytest.raises(MalformedActionError):
        action_from_json(get_variant("bela"), item)


@pytest.mark.parametrize("name", [None, ["bela"], {"bela": 1}, 7])
def test_get_variant_refuses_names_that_are_not_words(name: Any) -> None:
    with pytest.raises(InvalidInputError):
        get_variant(name)


def test_house_rules_must_be_an_object() -> None:
    with pytest.raises(InvalidInputError):
        get_variant("bela", "target=501")
    with pytest.raises(InvalidInputError):
        get_variant("bela", [("target", 501)])


def test_a_bid_of_level_nine_never_reaches_the_state() -> None:
    state = HandState.new("coinche", seed=5)
    before = state.to_json()
    with pytest.raises(RulesError):
        state.apply(Bid("contract", 2, 9), state.to_act)
    assert state.to_json() == before
