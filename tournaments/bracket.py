"""A single-elimination bracket laid out for the page: columns of matches, round by round."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments import formats
from tournaments.models import Entry, RoundTable, Tournament
from tournaments.policies import policy_for


@dataclass(frozen=True)
class Slot:
    """One side of a drawn match: the entry (None while undecided) and whether it won."""

    entry: Entry | None
    won: bool
    points: int | None


@dataclass(frozen=True)
class DrawnMatch:
    """A match as drawn: its two sides, its live table, and whether it is a bye."""

    number: int
    home: Slot
    away: Slot | None
    table: RoundTable | None
    third_place: bool


@dataclass(frozen=True)
class Column:
    """One round of the bracket: its title (the same the results use) and its matches."""

    title: str
    matches: list[DrawnMatch]


def bracket_columns(tournament: Tournament) -> list[Column]:
    """The bracket's rounds as columns; empty until the event has started (seeds are set).

    Empty too for a field no bracket can hold (an event started before starts were checked):
    the page shows the rounds and entries instead of failing.
    """
    policy = policy_for(tournament)
    if not policy.draws_bracket or tournament.started_at is None:
        return []
    try:
        tree = formats.bracket(tournament)
        winners = formats.bracket_winners(tournament)
        known = tree.entrants(winners)
    except ValueError:
        return []
    entries = {entry.pk: entry for entry in tournament.entries.all()}
    tables = {
        table.bracket_match: table
        for table in RoundTable.objects.filter(round__tournament=tournament, away__isnull=False)
    }
    columns = []
    for number, round_ in enumerate(tree.rounds, start=1):
        column = []
        for match in round_:
            home, away = known[match.number]
            table = tables.get(match.number)
            winner = home if match.is_bye else winners.get(match.number)
            points = (table.home_points, table.away_points) if table and table.finished else None

            def slot(
                entry: int | None,
                side: int,
                points: tuple[int, int] | None = points,
                winner: int | None = winner,
            ) -> Slot:
                return Slot(
                    entries.get(entry) if entry is not None else None,
                    entry is not None and entry == winner,
                    points[side] if points else None,
                )

            column.append(
                DrawnMatch(
                    match.number,
                    slot(home, 0),
                    None if match.is_bye else slot(away, 1),
                    table,
                    match.third_place,
                )
            )
        columns.append(Column(policy.round_title(number, len(tree.rounds)), column))
    return columns
