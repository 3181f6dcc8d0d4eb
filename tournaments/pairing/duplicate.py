"""Duplicate rounds: every table plays the same deals, and entries are scored by comparison.

Each deal has two sides: the hands dealt to North-South and those dealt to East-West. At half
the tables a deal is played as dealt, at the other half turned a quarter, dealer included
(North's hand to East, East's to South, ...), so every hand keeps its place in the bidding
and play while the other team holds it. Each deal is thus played in both orientations, each
entry holds both sides over the round, and an entry is compared only with the entries that
held the very same cards at the other tables. One deal set serves the whole round.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic

from tournaments.pairing.entries import Entry, EntryId, require_distinct
from tournaments.pairing.standings import Standing


class Hands(enum.Enum):
    """The two sides of a deal, as it was dealt."""

    NORTH_SOUTH = "north-south"
    EAST_WEST = "east-west"


class Comparison(enum.Enum):
    """How one entry's result on a deal is compared with the others who held the same cards."""

    MATCHPOINTS = "matchpoints"
    """2 for each of them outscored, 1 for each equalled, 0 for each who did better."""
    DIFFERENCE = "difference"
    """The entry's game points minus the mean of theirs."""


@dataclass(frozen=True, slots=True)
class Board(Generic[EntryId]):
    """One deal at one table: who sits North-South and East-West, and which way the cards lie."""

    table: int
    deal: int
    north_south: EntryId
    east_west: EntryId
    turned: bool
    """True: the North-South seats get the deal's East-West hands, and the other way round."""

    def holder(self, hands: Hands) -> EntryId:
        """The entry holding one side's hands of this deal at this table."""
        as_dealt = hands is Hands.NORTH_SOUTH
        return self.north_south if as_dealt != self.turned else self.east_west

    def dealer(self, dealt_by: int) -> int:
        """The seat dealing this board when the deal, as dealt, is dealt by seat `dealt_by`.

        Turned, the deal moves one seat on: hands are dealt from the dealer's left, so each
        seat then receives the hand of the seat before it, and keeps its place in the bidding.
        """
        return (dealt_by + self.turned) % 4


@dataclass(frozen=True, slots=True)
class DuplicateSchedule(Generic[EntryId]):
    """The boards of a duplicate round: every table plays every deal, in deal order."""

    tables: int
    deals: int
    boards: tuple[Board[EntryId], ...]

    def board(self, table: int, deal: int) -> Board[EntryId]:
        """The board for one table and one deal (both counted from 0)."""
        return self.boards[table * self.deals + deal]


def duplicate_schedule(
    tables: Sequence[tuple[EntryId, EntryId]], deals: int
) -> DuplicateSchedule[EntryId]:
    """Seat a round's tables (North-South entry, East-West entry) for `deals` shared deals.

    Table t plays deal d turned when t + d is odd: every deal is played as dealt at half the
    tables (give or take one when the count is odd) and turned at the rest; each table
    alternates, so its entries hold both sides.
    """
    require_distinct(entry for table in tables for entry in table)
    if len(tables) < 2:
        raise ValueError("a duplicate round needs at least two tables to compare")
    if deals < 1:
        raise ValueError("a duplicate round needs at least one deal")
    boards = tuple(
        Board(table, deal, north_south, east_west, (table + deal) % 2 == 1)
        for table, (north_south, east_west) in enumerate(tables)
        for deal in range(deals)
    )
    return DuplicateSchedule(len(tables), deals, boards)


def comparison_scores(
    schedule: DuplicateSchedule[EntryId],
    points: Mapping[tuple[int, int], tuple[int, int]],
    comparison: Comparison = Comparison.MATCHPOINTS,
) -> dict[EntryId, float]:
    """Each entry's round result: its score on every deal against the same cards elsewhere.

    `points[(table, deal)]` holds the game points the North-South and the East-West seats
    scored on that board. A board left unplayed is missing from `points`: its entries score
    nothing on it and nobody is compared with them.
    """
    holdings: dict[tuple[int, Hands], list[tuple[EntryId, int]]] = defaultdict(list)
    for board in schedule.boards:
        if (board.table, board.deal) not in points:
            continue
        north_south, east_west = points[board.table, board.deal]
        seated = {board.north_south: north_south, board.east_west: east_west}
        for hands in Hands:
            holder = board.holder(hands)
            holdings[board.deal, hands].append((holder, seated[holder]))
    totals = {
        entry: 0.0 for board in schedule.boards for entry in (board.north_south, board.east_west)
    }
    for same_cards in holdings.values():
        for entry, own in same_cards:
            others = [score for other, score in same_cards if other != entry]
            totals[entry] += _compare(own, others, comparison)
    return totals


def _compare(own: int, others: list[int], comparison: Comparison) -> float:
    """One entry's score on one deal against the others who held the same cards."""
    if not others:
        return 0.0
    if comparison is Comparison.MATCHPOINTS:
        return float(sum(2 if own > other else 1 if own == other else 0 for other in others))
    return own - sum(others) / len(others)


def duplicate_standings(
    entries: Sequence[Entry[EntryId]], totals: Mapping[EntryId, float]
) -> list[Standing[EntryId]]:
    """Rank entries by their comparison scores over the rounds; equal scores share a rank.

    Duplicate has no tie-breaks from opponents (everyone is compared with the whole field):
    entries level on score keep their rating order and share the rank.
    """
    require_distinct(entry.id for entry in entries)
    ordered = sorted(entries, key=lambda entry: (-totals.get(entry.id, 0.0), -entry.rating))
    lines: list[Standing[EntryId]] = []
    for position, entry in enumerate(ordered, start=1):
        score = totals.get(entry.id, 0.0)
        tied = lines and lines[-1].score == score
        lines.append(Standing(lines[-1].rank if tied else position, entry, score, 0.0, 0.0, 0))
    return lines
