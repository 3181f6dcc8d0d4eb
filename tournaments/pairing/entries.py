"""The values every format shares: entries, finished results and one round's pairs."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

EntryId = TypeVar("EntryId", bound=Hashable)
"""An entry as the caller knows it (a database id); pairing only compares ids for equality."""


@dataclass(frozen=True, slots=True)
class Entry(Generic[EntryId]):
    """An entry to pair: its id and the rating that seeds it."""

    id: EntryId
    rating: float = 0.0


@dataclass(frozen=True, slots=True)
class Result(Generic[EntryId]):
    """A finished match and the game points each side scored; `second` is None for a bye."""

    first: EntryId
    second: EntryId | None
    first_points: int = 0
    second_points: int = 0

    @classmethod
    def bye(cls, entry: EntryId) -> Result[EntryId]:
        """A round sat out, which scores as a win against nobody."""
        return cls(entry, None)

    @property
    def is_bye(self) -> bool:
        """Whether nobody was played."""
        return self.second is None


@dataclass(frozen=True, slots=True)
class Round(Generic[EntryId]):
    """One round's pairs, top board first, and the entry that sits it out, if any."""

    pairs: tuple[tuple[EntryId, EntryId], ...]
    bye: EntryId | None = None

    def entries(self) -> list[EntryId]:
        """Every entry the round places, so callers can check nobody is left out or doubled."""
        placed = [entry for pair in self.pairs for entry in pair]
        return placed if self.bye is None else [*placed, self.bye]


def seeding_order(entries: Sequence[Entry[EntryId]]) -> list[Entry[EntryId]]:
    """Entries by rating, highest first; equal ratings keep the caller's order: stable seeds."""
    return sorted(entries, key=lambda entry: -entry.rating)


def require_distinct(ids: Iterable[EntryId]) -> list[EntryId]:
    """Refuse a field that names an entry twice: every format would place it twice."""
    seen: set[EntryId] = set()
    listed = list(ids)
    for entry in listed:
        if entry in seen:
            raise ValueError(f"entry {entry!r} is listed twice")
        seen.add(entry)
    return listed
