"""Standings and tie-breaks, checked against examples worked out by hand."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import Entry, Result, standings

A, B, C, D = (Entry(name, 1500) for name in "ABCD")


def test_every_figure_matches_a_worked_example() -> None:
    # A beats B and D, draws C; C draws D and A, beats B; B beats D.
    results = [
        Result("A", "B", 1001, 800),
        Result("C", "D", 900, 900),
        Result("A", "C", 1000, 1000),
        Result("B", "D", 1001, 500),
        Result("A", "D", 1001, 700),
        Result("B", "C", 600, 1001),
    ]
    table = [
        (s.rank, s.entry.id, s.score, s.buchholz, s.sonneborn_berger, s.points_difference)
        for s in standings([A, B, C, D], results)
    ]
    assert table == [
        (1, "A", 2.5, 3.5, 2.5, 502),
        (2, "C", 2.0, 4.0, 2.5, 401),
        (3, "B", 1.0, 5.0, 0.5, -101),
        (4, "D", 0.5, 5.5, 1.0, -802),
    ]


def test_buchholz_then_sonneborn_berger_break_ties_on_score() -> None:
    # X beat P and lost to Q; Y beat Q and lost to P; P also beat Z.
    entries = [Entry(name, 1500) for name in ("Q", "Y", "X", "P", "Z")]
    results = [
        Result("X", "P", 1001, 0),
        Result("Q", "X", 1001, 0),
        Result("Y", "Q", 1001, 0),
        Result("P", "Y", 1001, 0),
        Result("P", "Z", 1001, 0),
    ]
    table = [
        (s.entry.id, s.score, s.buchholz, s.sonneborn_berger) for s in standings(entries, results)
    ]
    assert table == [
        ("P", 2.0, 2.0, 1.0),
        ("X", 1.0, 3.0, 2.0),
        ("Y", 1.0, 3.0, 1.0),
        ("Q", 1.0, 2.0, 1.0),
        ("Z", 0.0, 2.0, 0.0),
    ]


def test_points_difference_breaks_a_tie_the_other_figures_leave() -> None:
    results = [Result("A", "C", 1001, 900), Result("B", "D", 1001, 500)]
    assert [s.entry.id for s in standings([A, B, C, D], results)][:2] == ["B", "A"]


def test_a_bye_scores_a_win_and_adds_nothing_to_buchholz() -> None:
    results = [Result.bye("A"), Result("B", "C", 1001, 0)]
    lines = {s.entry.id: s for s in standings([A, B, C], results)}
    assert (lines["A"].score, lines["A"].buchholz, lines["A"].points_difference) == (1.0, 0, 0)
    assert lines["C"].buchholz == 1.0


def test_entries_equal_on_every_figure_share_a_rank_in_rating_order() -> None:
    weaker, stronger = Entry("w", 1400), Entry("s", 1600)
    lines = standings([weaker, stronger], [Result("w", "s", 800, 800)])
    assert [(s.rank, s.entry.id) for s in lines] == [(1, "s"), (1, "w")]


def test_results_of_a_withdrawn_entry_still_count_for_its_opponents() -> None:
    results = [Result("A", "gone", 1001, 0), Result("gone", "B", 1001, 0)]
    lines = {s.entry.id: s for s in standings([A, B], results)}
    assert (lines["A"].buchholz, lines["B"].buchholz) == (1.0, 1.0)
    assert lines["A"].sonneborn_berger == 1.0


matches = st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 3), st.integers(0, 3)).filter(
        lambda match: match[0] != match[1]
    ),
    max_size=20,
)


@given(matches=matches, byes=st.lists(st.integers(0, 5), max_size=4))
def test_scores_add_up_to_the_matches_and_byes_and_differences_cancel_out(
    matches: list[tuple[int, int, int, int]], byes: list[int]
) -> None:
    results = [Result(*match) for match in matches] + [Result.bye(entry) for entry in byes]
    lines = standings([Entry(index) for index in range(6)], results)
    assert sum(line.score for line in lines) == len(matches) + len(byes)
    assert sum(line.points_difference for line in lines) == 0
    assert [line.rank for line in lines] == sorted(line.rank for line in lines)
    assert all(line.sonneborn_berger <= line.buchholz for line in lines)
