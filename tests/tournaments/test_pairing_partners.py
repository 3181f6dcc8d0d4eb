"""Individual entries formed into teams with rotating partners."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Entry, Partnerships, partner_round


def players(count: int) -> list[Entry[int]]:
    """Players 0, 1, ... rated so that 0 is the strongest."""
    return [Entry(index, 2000 - index) for index in range(count)]


def teamings(items: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to split an even list into teams of two."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for index, partner in enumerate(rest):
        for others in teamings(rest[:index] + rest[index + 1 :]):
            yield [(first, partner), *others]


def flaws(
    round_: Partnerships[int], past: Counter[frozenset[int]], alone: Counter[int]
) -> tuple[int, int]:
    """A round's (second time alone, repeated partnerships), the first one worse."""
    second_alone = int(round_.alone is not None and alone[round_.alone] > 0)
    return second_alone, sum(past[frozenset(team)] > 0 for team in round_.teams)


def assert_everyone_once(round_: Partnerships[int], count: int) -> None:
    """Each player is in exactly one team, or alone when the count is odd."""
    placed = [player for team in round_.teams for player in team]
    placed += [] if round_.alone is None else [round_.alone]
    assert sorted(placed) == list(range(count))
    assert (round_.alone is not None) == (count % 2 == 1)


def test_the_first_round_teams_the_strongest_with_the_weakest() -> None:
    assert partner_round(players(6)).teams == ((0, 5), (1, 4), (2, 3))


@pytest.mark.parametrize("count", range(2, 25))
def test_a_steady_field_repeats_no_partner_until_everyone_has_partnered_everyone(
    count: int,
) -> None:
    past: list[tuple[int, int]] = []
    alone: list[int] = []
    for _ in range(count - 1 + count % 2):
        round_ = partner_round(players(count), past, alone)
        assert_everyone_once(round_, count)
        assert not {frozenset(team) for team in round_.teams} & {frozenset(t) for t in past}
        assert round_.alone not in alone
        past += round_.teams
        alone += [] if round_.alone is None else [round_.alone]
    assert len(past) == count * (count - 1) // 2


@pytest.mark.parametrize("count", range(4, 25, 2))
def test_after_withdrawals_nobody_partners_anyone_twice_in_the_first_half_of_the_rounds(
    count: int,
) -> None:
    # With fewer past partners than half the field a fresh partner is always available.
    past: list[tuple[int, int]] = []
    field = players(count + 2)
    for round_number in range(count // 2):
        if round_number == 1:
            field = field[1:-1]
        round_ = partner_round(field, past)
        placed = sorted(player for team in round_.teams for player in team)
        assert placed == [player.id for player in field] and round_.alone is None
        assert not {frozenset(team) for team in round_.teams} & {frozenset(t) for t in past}
        past += round_.teams


@settings(max_examples=80, deadline=None)
@given(count=st.integers(2, 9), rounds=st.integers(0, 12), seed=st.integers(0, 2**32))
def test_a_repeat_partner_or_second_time_alone_happens_only_when_unavoidable(
    count: int, rounds: int, seed: int
) -> None:
    rng = random.Random(seed)
    past: list[tuple[int, int]] = []
    alone: list[int] = []
    for _ in range(rounds):
        shuffled = rng.sample(range(count), count)
        past += list(zip(shuffled[::2], shuffled[1::2], strict=False))
        alone += shuffled[-1:] if count % 2 else []
    round_ = partner_round(players(count), past, alone)
    assert_everyone_once(round_, count)
    past_teams, times_alone = Counter(frozenset(team) for team in past), Counter(alone)
    candidates = range(count) if count % 2 else [None]
    best = min(
        flaws(Partnerships(tuple(teams), lone), past_teams, times_alone)
        for lone in candidates
        for teams in teamings([player for player in range(count) if player != lone])
    )
    assert flaws(round_, past_teams, times_alone) == best


def test_the_lowest_rated_player_is_alone_first_and_nobody_is_alone_twice() -> None:
    assert partner_round(players(5)).alone == 4
    assert partner_round(players(5), past_alone=[4]).alone not in (4, None)


def test_forming_teams_refuses_a_lone_player_and_a_doubled_one() -> None:
    with pytest.raises(ValueError, match="two players"):
        partner_round(players(1))
    with pytest.raises(ValueError, match="twice"):
        partner_round([Entry(1), Entry(1)])
