"""Individual entries paired into teams of two for a round, rotating partners."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic

from tournaments.pairing.entries import Entry, EntryId, require_distinct, seeding_order
from tournaments.pairing.search import cheapest_pairing, pair_top_down


@dataclass(frozen=True, slots=True)
class Partnerships(Generic[EntryId]):
    """A round's teams, strongest member first, and the player left without a partner, if any."""

    teams: tuple[tuple[EntryId, EntryId], ...]
    alone: EntryId | None = None
    """With an odd count one player is partnered by a computer player this round."""


def partner_round(
    players: Sequence[Entry[EntryId]],
    past_teams: Iterable[tuple[EntryId, EntryId]] = (),
    past_alone: Iterable[EntryId] = (),
) -> Partnerships[EntryId]:
    """Form this round's teams so that nobody partners the same player twice while avoidable.

    Players rank by rating. With an odd count the lowest-rated player not yet left alone goes
    without a partner. The rest are folded, strongest with weakest (1 with n, 2 with n - 1,
    ...), which keeps teams even, moving partners as little as repeats demand. If no fold
    avoids every repeat, one exact matching prefers, in this order: nobody alone twice, fewest
    repeated partnerships, then fewest repeats counted with their past multiplicity, the
    alone player lowest, the strongest-with-weakest fold.
    """
    require_distinct(player.id for player in players)
    if len(players) < 2:
        raise ValueError("forming teams needs at least two players")
    ranked = [player.id for player in seeding_order(players)]
    partnered = Counter(frozenset(team) for team in past_teams)
    times_alone = Counter(past_alone)
    alone = None
    if len(ranked) % 2:
        alone = min(reversed(ranked), key=lambda player: times_alone[player])
    rest = [player for player in ranked if player != alone]
    found = pair_top_down(
        len(rest),
        lambda top: len(rest) - 1 - top,
        lambda a, b: not partnered[frozenset((rest[a], rest[b]))],
    )
    if found is not None:
        return Partnerships(tuple((rest[a], rest[b]) for a, b in found[0]), alone)
    return _partner_exactly(ranked, partnered, times_alone)


def _partner_exactly(
    ranked: list[EntryId], partnered: Counter[frozenset[EntryId]], times_alone: Counter[EntryId]
) -> Partnerships[EntryId]:
    """Solve the round as one matching; with an odd count a virtual last player means alone."""
    size = len(ranked)
    paired = size - size % 2

    def penalties(a: int, b: int) -> tuple[int, int, int, int, int]:
        if b == size:
            return (min(times_alone[ranked[a]], 1), 0, 0, size - 1 - a, 0)
        times = partnered[frozenset((ranked[a], ranked[b]))]
        return (0, min(times, 1), times, 0, abs(a + b - (paired - 1)))

    teams = []
    alone = None
    for a, b in cheapest_pairing(size + size % 2, penalties):
        if b == size:
            alone = ranked[a]
        else:
            teams.append((ranked[a], ranked[b]))
    return Partnerships(tuple(teams), alone)
