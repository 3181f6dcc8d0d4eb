"""Standings with tie-breaks, for Swiss, round robin and any format that ranks by results."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Generic

from tournaments.pairing.entries import Entry, EntryId, Result, require_distinct
from tournaments.pairing.history import DRAW, History, histories


@dataclass(frozen=True, slots=True)
class Standing(Generic[EntryId]):
    """One line of the standings table; entries equal on every figure share a rank."""

    rank: int
    entry: Entry[EntryId]
    score: float
    buchholz: float
    sonneborn_berger: float
    points_difference: int


def standings(
    entries: Sequence[Entry[EntryId]], results: Iterable[Result[EntryId]]
) -> list[Standing[EntryId]]:
    """Rank entries by score, then Buchholz, then Sonneborn-Berger, then points difference.

    Score: 1 per match won (more game points than the opponent), 1/2 per match drawn (equal
    game points), 0 per match lost, 1 per bye.
    Buchholz: the sum of the final scores of every opponent met, once per meeting; a bye adds
    nothing. It rewards having met strong opposition.
    Sonneborn-Berger: the sum of the final scores of the opponents beaten, plus half the final
    scores of the opponents drawn with; a bye adds nothing. It rewards beating strong opposition.
    Points difference: game points scored minus game points conceded over all matches; a bye
    adds nothing.
    Entries equal on all four share a rank and keep their rating order, then the caller's.
    """
    require_distinct(entry.id for entry in entries)
    record = histories((entry.id for entry in entries), results)
    lines = [_line(entry, record) for entry in entries]
    lines.sort(key=lambda line: (*(-figure for figure in _figures(line)), -line.entry.rating))
    ranked: list[Standing[EntryId]] = []
    for position, line in enumerate(lines, start=1):
        tied = ranked and _figures(ranked[-1]) == _figures(line)
        ranked.append(replace(line, rank=ranked[-1].rank if tied else position))
    return ranked


def _line(entry: Entry[EntryId], record: dict[EntryId, History[EntryId]]) -> Standing[EntryId]:
    """One entry's figures, not yet ranked."""
    own = record[entry.id]
    buchholz = sum(record[opponent].score * times for opponent, times in own.opponents.items())
    sonneborn_berger = sum(record[beaten].score for beaten in own.beaten) + DRAW * sum(
        record[drawn].score for drawn in own.drawn
    )
    return Standing(0, entry, own.score, buchholz, sonneborn_berger, own.points_difference)


def _figures(line: Standing[EntryId]) -> tuple[float, float, float, int]:
    """What ranks an entry, most important first."""
    return (line.score, line.buchholz, line.sonneborn_berger, line.points_difference)


def points_scored(results: Iterable[Result[EntryId]]) -> dict[EntryId, int]:
    """Game points each entry scored over its matches (a bye scores none)."""
    scored: dict[EntryId, int] = {}
    for result in results:
        scored[result.first] = scored.get(result.first, 0) + result.first_points
        if result.second is not None:
            scored[result.second] = scored.get(result.second, 0) + result.second_points
    return scored


def rank_by(
    lines: Sequence[Standing[EntryId]], key: Callable[[Standing[EntryId]], tuple[float, ...]]
) -> list[Standing[EntryId]]:
    """The lines ranked by `key`, highest first; equal keys share a rank and keep their order.

    For events that rank by total points or points difference ("goal-average") rather than
    by wins, or use them as the first tie-breaks.
    """
    ordered = sorted(lines, key=lambda line: tuple(-figure for figure in key(line)))
    ranked: list[Standing[EntryId]] = []
    for position, line in enumerate(ordered, start=1):
        tied = ranked and key(ranked[-1]) == key(line)
        ranked.append(replace(line, rank=ranked[-1].rank if tied else position))
    return ranked
