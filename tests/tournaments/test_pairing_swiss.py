"""Swiss pairing: everyone once, no rematch while avoidable, at most one bye, score groups kept."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Entry, Result, Round, swiss_round
from tournaments.pairing.history import History, histories


def field(count: int) -> list[Entry[int]]:
    """Entries 0, 1, ... rated so that 0 is the highest."""
    return [Entry(index, 2000 - index) for index in range(count)]


def play(round_: Round[int], rng: random.Random) -> list[Result[int]]:
    """Random results for a round: wins either way and some draws."""
    results = [Result.bye(round_.bye)] if round_.bye is not None else []
    for first, second in round_.pairs:
        first_points, second_points = rng.choice([(1001, 500), (500, 1001), (800, 800)])
        results.append(Result(first, second, first_points, second_points))
    return results


def pairings(items: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to split an even list into pairs."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for index, partner in enumerate(rest):
        for others in pairings(rest[:index] + rest[index + 1 :]):
            yield [(first, partner), *others]


def flaws(round_: Round[int], record: dict[int, History[int]]) -> tuple[int, int]:
    """A round's (second byes, rematches): the two things Swiss avoids, the first one first."""
    second_bye = int(round_.bye is not None and record[round_.bye].byes > 0)
    rematches = sum(record[a].times_met(b) > 0 for a, b in round_.pairs)
    return second_bye, rematches


def fewest_flaws(ids: list[int], record: dict[int, History[int]]) -> tuple[int, int]:
    """By brute force over every pairing and bye, the least flawed round there is."""
    byes: list[int | None] = [*ids] if len(ids) % 2 else [None]
    return min(
        flaws(Round(tuple(pairs), bye), record)
        for bye in byes
        for pairs in pairings([entry for entry in ids if entry != bye])
    )


def assert_everyone_once(round_: Round[int], entries: list[Entry[int]]) -> None:
    """Each entry is placed exactly once, and a bye only when the field is odd."""
    assert sorted(round_.entries()) == sorted(entry.id for entry in entries)
    assert (round_.bye is not None) == (len(entries) % 2 == 1)


@settings(max_examples=80, deadline=None)
@given(count=st.integers(2, 9), rounds=st.integers(1, 11), seed=st.integers(0, 2**32))
def test_no_rematch_or_second_bye_while_a_brute_force_search_finds_one_avoidable(
    count: int, rounds: int, seed: int
) -> None:
    entries, rng = field(count), random.Random(seed)
    results: list[Result[int]] = []
    for _ in range(rounds):
        round_ = swiss_round(entries, results)
        assert_everyone_once(round_, entries)
        record = histories([entry.id for entry in entries], results)
        assert flaws(round_, record) == fewest_flaws([entry.id for entry in entries], record)
        results += play(round_, rng)


@settings(max_examples=15, deadline=None)
@given(count=st.integers(10, 60), seed=st.integers(0, 2**32))
def test_larger_fields_never_rematch_nor_repeat_a_bye_in_their_first_half(
    count: int, seed: int
) -> None:
    # Fewer rounds than half the field leave everyone more fresh opponents than old ones,
    # so a pairing without rematches always exists.
    entries, rng = field(count), random.Random(seed)
    results: list[Result[int]] = []
    for _ in range(count // 2 - 1):
        round_ = swiss_round(entries, results)
        assert_everyone_once(round_, entries)
        assert flaws(round_, histories(round_.entries(), results)) == (0, 0)
        results += play(round_, rng)


def test_the_first_round_pairs_the_top_half_against_the_bottom_half() -> None:
    round_ = swiss_round(field(8), [])
    assert round_.pairs == ((0, 4), (1, 5), (2, 6), (3, 7))


def test_the_bye_goes_to_the_lowest_ranked_entry_without_one() -> None:
    results = [Result.bye(4), Result(0, 1, 1001, 0), Result(2, 3, 1001, 0)]
    round_ = swiss_round(field(5), results)
    assert round_.bye == 3


def test_entries_are_paired_within_their_score_group() -> None:
    results = [Result(0, 2, 1001, 0), Result(1, 3, 1001, 0)]
    round_ = swiss_round(field(4), results)
    assert round_.pairs == ((0, 1), (2, 3))


def test_an_odd_score_group_floats_its_lowest_entry_down() -> None:
    results = [Result(0, 3, 1001, 0), Result(1, 4, 1001, 0), Result(2, 5, 1001, 0)]
    round_ = swiss_round(field(6), results)
    assert round_.pairs == ((0, 1), (2, 3), (4, 5))


def test_leaders_who_already_met_both_float_down_rather_than_meet_again() -> None:
    drawn = [Result(0, 1, 900, 900), Result(2, 3, 0, 1001), Result(4, 5, 0, 1001)]
    round_ = swiss_round(field(6), drawn)
    assert not {frozenset(pair) for pair in round_.pairs} & {frozenset((0, 1))}
    assert_everyone_once(round_, field(6))


def test_a_last_group_that_cannot_pair_takes_partners_from_the_groups_above() -> None:
    # Scores: 1 has 2, 3 has 1.5, 2 and 5 have 1 (and met), 4 has 1/2, 0 has 0 (and met 5).
    results = [
        Result(0, 3, 500, 1001),
        Result(1, 4, 1001, 500),
        Result(2, 5, 1001, 500),
        Result(1, 2, 1001, 500),
        Result(3, 4, 800, 800),
        Result(0, 5, 500, 1001),
    ]
    assert swiss_round(field(6), results).pairs == ((1, 3), (2, 0), (5, 4))


def test_a_rematch_is_allowed_when_every_pairing_needs_one() -> None:
    results = [Result(0, 1, 1001, 0)]
    assert swiss_round(field(2), results).pairs == ((0, 1),)


def test_a_swiss_round_refuses_a_lone_entry_and_a_doubled_one() -> None:
    with pytest.raises(ValueError, match="two entries"):
        swiss_round(field(1), [])
    with pytest.raises(ValueError, match="twice"):
        swiss_round([Entry(1), Entry(1)], [])


SIMULATION = """
import random
from tournaments.pairing import Entry, Result, swiss_round
rng = random.Random(5)
entries = [Entry(f"player-{index}", 1500) for index in range(7)]
results = []
for _ in range(9):
    round_ = swiss_round(entries, results)
    print(round_)
    results += [Result(a, b, rng.randrange(3), rng.randrange(3)) for a, b in round_.pairs]
    results.append(Result.bye(round_.bye))
"""


def test_the_same_results_give_the_same_rounds_whatever_the_hash_seed() -> None:
    runs = {
        subprocess.run(
            [sys.executable, "-c", SIMULATION],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
        ).stdout
        for hash_seed in (1, 2, 3)
    }
    assert len(runs) == 1
