"""Round robin by the circle method: every pair meets exactly once."""

from __future__ import annotations

import itertools

import pytest

from tournaments.pairing import round_robin


@pytest.mark.parametrize("count", range(2, 41))
def test_every_pair_meets_exactly_once_and_everyone_plays_once_a_round(count: int) -> None:
    entries = [f"e{index}" for index in range(count)]
    rounds = round_robin(entries)
    assert len(rounds) == count - 1 + count % 2
    met = [frozenset(pair) for round_ in rounds for pair in round_.pairs]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(pair) for pair in itertools.combinations(entries, 2)), key=sorted
    )
    for round_ in rounds:
        assert sorted(round_.entries()) == sorted(entries)


@pytest.mark.parametrize("count", [3, 5, 9, 17])
def test_an_odd_field_gives_everyone_exactly_one_bye(count: int) -> None:
    entries = list(range(count))
    assert (
        sorted(round_.bye for round_ in round_robin(entries) if round_.bye is not None) == entries
    )


def test_four_entries_follow_the_circle() -> None:
    pairs = [round_.pairs for round_ in round_robin(["a", "b", "c", "d"])]
    assert pairs == [
        (("a", "d"), ("b", "c")),
        (("a", "c"), ("d", "b")),
        (("a", "b"), ("c", "d")),
    ]


def test_a_round_robin_refuses_a_lone_entry_and_a_doubled_one() -> None:
    with pytest.raises(ValueError, match="two entries"):
        round_robin(["a"])
    with pytest.raises(ValueError, match="twice"):
        round_robin(["a", "b", "a"])
