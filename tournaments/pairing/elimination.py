"""Single elimination: a seeded bracket, byes for the top seeds, winners advanced round by round."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeAlias

from tournaments.pairing.entries import Entry, EntryId, require_distinct, seeding_order


@dataclass(frozen=True, slots=True)
class Seed(Generic[EntryId]):
    """A slot filled from the start: the entry and its seed (1 is the highest rated)."""

    entry: EntryId
    seed: int


@dataclass(frozen=True, slots=True)
class WinnerOf:
    """A slot filled by the winner of an earlier match."""

    match: int


@dataclass(frozen=True, slots=True)
class LoserOf:
    """A slot filled by the loser of an earlier match (the third-place match's slots)."""

    match: int


Slot: TypeAlias = Seed[EntryId] | WinnerOf | LoserOf


@dataclass(frozen=True, slots=True)
class BracketMatch(Generic[EntryId]):
    """One match of the bracket; `away` is None for a bye, which `home` wins without playing."""

    number: int
    round: int
    home: Slot[EntryId]
    away: Slot[EntryId] | None
    third_place: bool = False

    @property
    def is_bye(self) -> bool:
        """Whether the home slot goes through without a match."""
        return self.away is None


Entrants: TypeAlias = tuple[EntryId | None, EntryId | None]


@dataclass(frozen=True, slots=True)
class Bracket(Generic[EntryId]):
    """Rounds of matches, first round first, numbered 1.. in that order, as a page draws them."""

    rounds: tuple[tuple[BracketMatch[EntryId], ...], ...]

    def matches(self) -> Iterator[BracketMatch[EntryId]]:
        """Every match, in number order."""
        for round_ in self.rounds:
            yield from round_

    def final(self) -> BracketMatch[EntryId]:
        """The match that decides the winner."""
        return next(match for match in self.rounds[-1] if not match.third_place)

    def entrants(self, winners: Mapping[int, EntryId]) -> dict[int, Entrants[EntryId]]:
        """Who plays each match, given the winners so far (match number -> entry); None if open.

        A bye's home entrant wins it without a recorded result. A winner that is not one of
        its match's entrants is refused.
        """
        known: dict[int, Entrants[EntryId]] = {}
        decided: dict[int, EntryId] = {}
        for match in self.matches():
            home = self._fill(match.home, known, decided)
            away = None if match.away is None else self._fill(match.away, known, decided)
            known[match.number] = (home, away)
            winner = home if match.is_bye else winners.get(match.number)
            if winner is None:
                continue
            if not match.is_bye and (winner not in (home, away) or None in (home, away)):
                raise ValueError(f"{winner!r} cannot win match {match.number}: not playing it")
            decided[match.number] = winner
        unknown = set(winners) - set(known)
        if unknown:
            raise ValueError(f"no such match: {sorted(unknown)}")
        return known

    def playable(self, winners: Mapping[int, EntryId]) -> list[BracketMatch[EntryId]]:
        """Matches whose entrants are both known and whose winner is not: the ones to play now."""
        known = self.entrants(winners)
        return [
            match
            for match in self.matches()
            if not match.is_bye and match.number not in winners and None not in known[match.number]
        ]

    def champion(self, winners: Mapping[int, EntryId]) -> EntryId | None:
        """The winner of the final, once recorded."""
        self.entrants(winners)
        return winners.get(self.final().number)

    @staticmethod
    def _fill(
        slot: Slot[EntryId], known: dict[int, Entrants[EntryId]], decided: dict[int, EntryId]
    ) -> EntryId | None:
        """The entry in a slot, if the matches before it have been decided."""
        if isinstance(slot, Seed):
            return slot.entry
        winner = decided.get(slot.match)
        if isinstance(slot, WinnerOf) or winner is None:
            return winner
        home, away = known[slot.match]
        return away if winner == home else home


def seed_positions(size: int) -> list[int]:
    """Seeds in bracket order for a power-of-two size: 1, 16, 8, 9, 4, 13, ... for 16.

    Built by doubling: each seed s of the bracket half the size is replaced by s against
    2 x half + 1 - s. Seed s thus opens against size + 1 - s, the top two can meet only in the
    final, the top four only from the semi-finals, and so on.
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket size is a power of two, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def single_elimination(
    entries: Sequence[Entry[EntryId]], *, third_place: bool = False
) -> Bracket[EntryId]:
    """The bracket for 2 or more entries, seeded by rating; the top seeds get the byes.

    The bracket has the next power of two of places; the missing seeds are byes, and as each
    missing seed faces a top seed, no match is ever bye against bye. The third-place match,
    if asked for, is played in the final round between the semi-finals' losers.
    """
    require_distinct(entry.id for entry in entries)
    if len(entries) < 2:
        raise ValueError("a bracket needs at least two entries")
    if third_place and len(entries) < 4:
        raise ValueError("a third-place match needs at least four entries")
    seeded = seeding_order(entries)
    size = 1 << (len(entries) - 1).bit_length()
    order = seed_positions(size)
    # In each first-round pair the higher seed comes first and always exists.
    first = tuple(
        BracketMatch(i + 1, 1, Seed(seeded[top - 1].id, top), _seed_slot(seeded, bottom))
        for i, (top, bottom) in enumerate(zip(order[::2], order[1::2], strict=True))
    )
    rounds = [first]
    number = len(first)
    while len(rounds[-1]) > 1:
        earlier = rounds[-1]
        later: list[BracketMatch[EntryId]] = []
        for home, away in zip(earlier[::2], earlier[1::2], strict=True):
            number += 1
            later.append(
                BracketMatch(number, len(rounds) + 1, WinnerOf(home.number), WinnerOf(away.number))
            )
        rounds.append(tuple(later))
    if third_place:
        semis = rounds[-2]
        losers: tuple[Slot[EntryId], Slot[EntryId]] = (
            LoserOf(semis[0].number),
            LoserOf(semis[1].number),
        )
        rounds[-1] = (*rounds[-1], BracketMatch(number + 1, len(rounds), *losers, True))
    return Bracket(tuple(rounds))


def _seed_slot(seeded: list[Entry[EntryId]], seed: int) -> Seed[EntryId] | None:
    """The slot for a seed, or None where the seed is missing: a bye."""
    return Seed(seeded[seed - 1].id, seed) if seed <= len(seeded) else None
