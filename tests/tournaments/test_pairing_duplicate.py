"""Duplicate rounds: both orientations of every deal, and scoring by comparison."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import (
    Comparison,
    Entry,
    Hands,
    comparison_scores,
    duplicate_schedule,
    duplicate_standings,
)

TABLES = [("A", "B"), ("C", "D"), ("E", "F")]

# (table, deal) -> points of the North-South seats, points of the East-West seats.
POINTS = {
    (0, 0): (100, 62),
    (1, 0): (90, 72),
    (2, 0): (100, 62),
    (0, 1): (40, 122),
    (1, 1): (130, 32),
    (2, 1): (20, 142),
}


def test_each_deal_is_played_as_dealt_at_some_tables_and_turned_at_the_others() -> None:
    schedule = duplicate_schedule(TABLES, deals=2)
    holders = {
        (deal, hands): [schedule.board(table, deal).holder(hands) for table in range(3)]
        for deal in range(2)
        for hands in Hands
    }
    assert holders == {
        (0, Hands.NORTH_SOUTH): ["A", "D", "E"],
        (0, Hands.EAST_WEST): ["B", "C", "F"],
        (1, Hands.NORTH_SOUTH): ["B", "C", "F"],
        (1, Hands.EAST_WEST): ["A", "D", "E"],
    }


@given(tables=st.integers(2, 40), deals=st.integers(1, 12))
def test_every_deal_is_played_both_ways_and_every_entry_holds_both_sides(
    tables: int, deals: int
) -> None:
    seating = [(f"n{table}", f"e{table}") for table in range(tables)]
    schedule = duplicate_schedule(seating, deals)
    assert len(schedule.boards) == tables * deals
    for deal in range(deals):
        turned = sum(schedule.board(table, deal).turned for table in range(tables))
        assert turned in {tables // 2, (tables + 1) // 2}
        for hands in Hands:
            holders = {schedule.board(table, deal).holder(hands) for table in range(tables)}
            assert len(holders) == tables
    if deals >= 2:
        for table in range(tables):
            held = {schedule.board(table, deal).holder(Hands.NORTH_SOUTH) for deal in range(deals)}
            assert held == set(seating[table])


def test_matchpoints_compare_each_entry_with_those_who_held_the_same_cards() -> None:
    schedule = duplicate_schedule(TABLES, deals=2)
    scores = comparison_scores(schedule, POINTS, Comparison.MATCHPOINTS)
    assert scores == {"A": 7, "B": 1, "C": 6, "D": 2, "E": 3, "F": 5}


def test_differences_compare_each_entry_with_the_mean_of_the_same_cards() -> None:
    schedule = duplicate_schedule(TABLES, deals=2)
    scores = comparison_scores(schedule, POINTS, Comparison.DIFFERENCE)
    assert scores == {"A": 28, "B": -28, "C": 26, "D": -26, "E": -2, "F": 2}


def test_an_unplayed_board_scores_nothing_and_is_compared_with_nobody() -> None:
    schedule = duplicate_schedule(TABLES, deals=1)
    played = {key: value for key, value in POINTS.items() if key in {(0, 0), (1, 0)}}
    scores = comparison_scores(schedule, played, Comparison.MATCHPOINTS)
    assert scores == {"A": 2, "B": 0, "C": 2, "D": 0, "E": 0, "F": 0}


def test_a_duplicate_round_needs_two_tables_and_distinct_entries() -> None:
    with pytest.raises(ValueError, match="two tables"):
        duplicate_schedule([("A", "B")], deals=4)
    with pytest.raises(ValueError, match="twice"):
        duplicate_schedule([("A", "B"), ("B", "C")], deals=4)


def test_a_turned_board_is_dealt_one_seat_on() -> None:
    schedule = duplicate_schedule(TABLES, deals=2)
    assert [schedule.board(0, deal).dealer(3) for deal in range(2)] == [3, 0]
    assert [schedule.board(1, deal).dealer(3) for deal in range(2)] == [0, 3]


def test_duplicate_standings_rank_by_score_then_rating_and_share_equal_scores() -> None:
    entries = [Entry("A", 1500.0), Entry("B", 1600.0), Entry("C", 1400.0), Entry("D", 1700.0)]
    lines = duplicate_standings(entries, {"A": 7.0, "B": 3.0, "C": 7.0})
    assert [(line.rank, line.entry.id, line.score) for line in lines] == [
        (1, "A", 7.0), (1, "C", 7.0), (3, "B", 3.0), (4, "D", 0.0),
    ]  # fmt: skip
