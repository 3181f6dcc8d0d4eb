"""The scenario runner: play a scripted hand and report it (docs/rules.md#the-scenario-runner).

`python -m games.rules.scenario FILE.json` (or `-` for standard input) prints the result as
JSON and exits 0, rules errors included (an unreadable action too: `malformed` at its index);
an invalid file exits 2 with a message on stderr. A null optional key counts as absent, as JSON
clients write it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules.cards import Card
from games.rules.errors import InvalidInputError, MalformedActionError, RulesError
from games.rules.hand import HandState, action_from_json
from games.rules.variants import get_variant
from games.rules.variants.base import Variant

OPTIONAL_KEYS = {"hands", "deck", "house_rules", "match_score", "hanging", "actions"}
INPUT_KEYS = {"variant", "dealer", *OPTIONAL_KEYS}
ACTION_KEYS = {"seat", "bid", "play", "declare", "belot"}


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise InvalidInputError(message)


def _cards(codes: Any, what: str) -> list[Card]:
    _require(isinstance(codes, list), f"{what} must be a list of card codes")
    try:
        return [Card.parse(code) for code in codes]
    except MalformedActionError as exc:
        raise InvalidInputError(f"{what}: {exc.message}") from exc


def _pair(data: Mapping[str, Any], key: str) -> list[int]:
    value = data.get(key, [0, 0])
    _require(
        isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value),
        f"{key} must be two integers",
    )
    return list(value)


def _check_action(item: Any) -> None:
    """What the engine's reader does not refuse itself: an action's shape, in full."""
    if not isinstance(item, dict):
        raise MalformedActionError("an action is an object with a seat and a bid or a play")
    if set(item) - ACTION_KEYS:
        raise MalformedActionError(f"unknown keys {sorted(set(item) - ACTION_KEYS)}")
    if "play" not in item and {"declare", "belot"} & set(item):
        raise MalformedActionError("declare and belot go with a play")


def load(data: Any) -> tuple[HandState, list[dict[str, Any]]]:
    """Validate a scenario input and build its hand (InvalidInputError when it is not valid)."""
    _require(isinstance(data, dict), "a scenario is a JSON object")
    data = {k: v for k, v in data.items() if v is not None or k not in OPTIONAL_KEYS}
    _require(not set(data) - INPUT_KEYS, f"unknown keys {sorted(set(data) - INPUT_KEYS)}")
    _require(isinstance(data.get("variant"), str), "variant must be a string")
    house_rules = data.get("house_rules", {})
    _require(isinstance(house_rules, dict), "house_rules must be an object")
    variant: Variant = get_variant(data["variant"], house_rules)
    dealer = data.get("dealer")
    _require(type(dealer) is int and dealer in range(4), "dealer must be a seat 0-3")
    _require(("hands" in data) != ("deck" in data), "give exactly one of hands and deck")
    if "hands" in data:
        _require(not variant.needs_deck, f"{variant.name} needs a deck: hands depend on bidding")
        hands = data["hands"]
        _require(isinstance(hands, list) and len(hands) == 4, "hands must be four lists")
        parsed = [_cards(h, f"hands[{s}]") for s, h in enumerate(hands)]
        _require(all(len(h) == 8 for h in parsed), "each hand holds 8 cards")
        deck = variant.hands_to_deck(parsed, dealer)
    else:
        deck = _cards(data["deck"], "deck")
        _require(len(deck) == 32, "a deck holds 32 cards")
    _require(len(set(deck)) == 32, "every card must be used exactly once")
    actions = data.get("actions", [])
    _require(isinstance(actions, list), "actions must be a list")
    state = HandState(
        variant,
        dealer,
        deck,
        match_score=_pair(data, "match_score"),
        hanging=_pair(data, "hanging"),
    )
    return state, actions


def run(data: Any) -> dict[str, Any]:
    """Play a scenario; rules errors go into `error`, an invalid input raises InvalidInputError."""
    state, actions = load(data)
    error = None
    for index, item in enumerate(actions):
        try:
            _check_action(item)
            seat, action = action_from_json(state.variant, item)
            state.apply(action, seat)
        except RulesError as exc:
            error = {"action": index, "code": exc.code, "message": exc.message}
            break
    result = state.result()
    result["error"] = error
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry: run one scenario file (or `-`) and print its result."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m games.rules.scenario FILE.json|-", file=sys.stderr)
        return 2
    try:
        if args[0] == "-":
            data = json.load(sys.stdin)
        else:
            with open(args[0], encoding="utf-8") as handle:
                data = json.load(handle)
        result = run(data)
    except (OSError, ValueError, RecursionError, InvalidInputError) as exc:
        print(f"invalid scenario: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
