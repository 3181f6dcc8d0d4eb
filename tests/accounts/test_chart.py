"""The rating chart's geometry: first point on the left, last on the right, higher is up."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from accounts.charts import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH, rating_chart


def points(svg: str) -> list[tuple[float, float]]:
    raw = re.search(r'points="([^"]+)"', svg).group(1)
    return [tuple(map(float, pair.split(","))) for pair in raw.split()]


def test_points_span_the_plot_and_rise_with_the_rating() -> None:
    drawn = points(rating_chart([1500, 1600, 1450], label="x"))
    assert [x for x, _ in drawn] == [LEFT, LEFT + (WIDTH - LEFT - RIGHT) / 2, WIDTH - RIGHT]
    assert drawn[1][1] == TOP  # the highest rating touches the top
    assert drawn[2][1] == HEIGHT - BOTTOM  # the lowest the bottom
    assert drawn[0][1] < drawn[2][1]


def test_small_moves_are_drawn_in_a_range_of_at_least_50_points() -> None:
    svg = rating_chart([1490, 1510], label="x")
    assert ">1,475<" in svg and ">1,525<" in svg


def test_the_label_is_escaped() -> None:
    assert "<b>" not in rating_chart([1500, 1520], label="<b>")


def test_a_single_value_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one match"):
        rating_chart([1500], label="x")


def test_the_axis_speaks_the_viewers_language() -> None:
    with translation.override("fr"):
        svg = rating_chart([1500, 1520, 1510], label="x")
    assert ">début</text>" in svg and ">match 2</text>" in svg
    with translation.override("bg"):
        svg = rating_chart([1500, 1520, 1510], label="x")
    assert ">начало</text>" in svg and ">мач 2</text>" in svg


def test_the_axis_writes_ratings_as_the_page_does() -> None:
    # The heading above the chart said "1 480" in Bulgarian, its axis "1480".
    with translation.override("bg"):
        svg = rating_chart([1490, 1510], label="x")
    assert ">1\xa0475<" in svg and ">1\xa0500<" in svg
