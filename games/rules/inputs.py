"""Checks of what callers hand the engine, so a wrong value is an InvalidInputError, never a
TypeError from deep inside (or, worse, silently read: 1.7 points as 1, card -1 as As)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeGuard

from games.rules.cards import CARDS, Card
from games.rules.errors import InvalidInputError

_WHOLE_TYPES = frozenset({int, Card})
_CARD_NUMBERS = frozenset(range(32))


def is_whole(value: object) -> TypeGuard[int]:
    """An int proper: not a bool, not a float that happens to be whole."""
    return type(value) in _WHOLE_TYPES


def seat(value: object, what: str = "the dealer") -> int:
    """A seat 0-3."""
    if not is_whole(value) or value not in range(4):
        raise InvalidInputError(f"{what} is a seat 0-3, not {value!r}")
    return int(value)


def mapping(value: object, what: str) -> Mapping[str, Any]:
    """An object (dict) of JSON."""
    if not isinstance(value, Mapping):
        raise InvalidInputError(f"{what} must be an object, not {type(value).__name__}")
    return value


def sequence(value: object, what: str) -> Sequence[Any]:
    """A list of JSON (a string is not a list of its letters)."""
    if not isinstance(value, list | tuple):
        raise InvalidInputError(f"{what} must be a list, not {type(value).__name__}")
    return value


def points(value: object, what: str) -> tuple[int, int]:
    """A pair of whole numbers, one per team."""
    pair = sequence(value, what)
    if len(pair) != 2 or not all(is_whole(x) for x in pair):
        raise InvalidInputError(f"{what} is two whole numbers, one per team, not {value!r}")
    return int(pair[0]), int(pair[1])


def cards(value: object, what: str, count: int) -> list[Card]:
    """`count` cards given as ints 0-31 (checked in C loops: every deal passes through)."""
    items = sequence(value, what)
    if len(items) != count or not _WHOLE_TYPES.issuperset(map(type, items)):
        raise InvalidInputError(f"{what} must be {count} cards (ints 0-31)")
    if not _CARD_NUMBERS.issuperset(items):
        raise InvalidInputError(f"{what} must be {count} cards (ints 0-31)")
    return list(map(CARDS.__getitem__, items))


def seed(value: object) -> int | random.Random:
    """A deal's seed: a whole number or a random.Random."""
    if not is_whole(value) and not isinstance(value, random.Random):
        raise InvalidInputError(f"a seed is a whole number, not {value!r}")
    return value
