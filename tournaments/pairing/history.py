"""What each entry has done so far, read from the results: the input of Swiss and its tie-breaks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Generic

from tournaments.pairing.entries import EntryId, Result

WIN = 1.0
DRAW = 0.5
BYE = 1.0
"""A bye scores as a win: the entry was ready to play and nobody was there."""


@dataclass(slots=True)
class History(Generic[EntryId]):
    """One entry's record: its score, whom it met and how, its byes and its points difference."""

    score: float = 0.0
    opponents: Counter[EntryId] = field(default_factory=Counter)
    beaten: list[EntryId] = field(default_factory=list)
    drawn: list[EntryId] = field(default_factory=list)
    byes: int = 0
    points_difference: int = 0

    def times_met(self, other: EntryId) -> int:
        """How often this entry has already played `other`."""
        return self.opponents[other]


def histories(
    entries: Iterable[EntryId], results: Iterable[Result[EntryId]]
) -> dict[EntryId, History[EntryId]]:
    """Every entry's history, including entries that have withdrawn but appear in the results.

    A match is won by the side with more game points and drawn when they are equal; a win
    scores 1, a draw 1/2, a loss 0, and a bye 1 with no opponent and no points difference.
    """
    record: dict[EntryId, History[EntryId]] = {entry: History() for entry in entries}
    for result in results:
        first = record.setdefault(result.first, History())
        if result.second is None:
            first.byes += 1
            first.score += BYE
            continue
        second = record.setdefault(result.second, History())
        _count(first, result.second, result.first_points, result.second_points)
        _count(second, result.first, result.second_points, result.first_points)
    return record


def _count(history: History[EntryId], opponent: EntryId, points: int, opponent_points: int) -> None:
    """Add one match to one side's record."""
    history.opponents[opponent] += 1
    history.points_difference += points - opponent_points
    if points > opponent_points:
        history.score += WIN
        history.beaten.append(opponent)
    elif points == opponent_points:
        history.score += DRAW
        history.drawn.append(opponent)
