"""Individual entries paired into teams of two for a round, rotating partners."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic

from tournaments.pairing.entries import Entry, EntryId, require_distinct, seeding_order
from tournaments.pairing.round_robin import round_robin
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

    Players rank by rating. A steady field turns through the rounds of a round robin among
    its players: the first leaves the lowest-rated player alone when the count is odd and
    teams the others strongest with weakest (1 with n, 2 with n - 1, ...), and each call takes
    the first round that repeats no partnership and leaves nobody alone twice, so nobody
    meets a partner again until everyone has partnered everyone. When withdrawals or late
    entries leave no such round, the lowest-rated player not yet alone (with an odd count)
    goes without a partner and the rest are folded strongest with weakest, moving partners
    as little as repeats demand. If no fold avoids every repeat, one exact matching prefers,
    in this order: nobody alone twice, fewest repeated partnerships, then fewest repeats
    counted with their past multiplicity, the alone player lowest, the strongest-with-weakest
    fold.
    """
    require_distinct(player.id for player in players)
    if len(players) < 2:
        raise ValueError("forming teams needs at least two players")
    ranked = [player.id for player in seeding_order(players)]
    partnered = Counter(frozenset(team) for team in past_teams)
    times_alone = Counter(past_alone)
    # Weakest first, so an odd field's first round leaves the lowest-rated player alone.
    for round_ in round_robin(ranked[::-1]):
        repeats = any(partnered[frozenset(team)] for team in round_.pairs)
        if not repeats and (round_.bye is None or not times_alone[round_.bye]):
            return _strongest_first(ranked, round_.pairs, round_.bye)
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


def _strongest_first(
    ranked: list[EntryId], teams: Iterable[tuple[EntryId, EntryId]], alone: EntryId | None
) -> Partnerships[EntryId]:
    """Teams listed in rank order, each with its stronger member first."""
    rank = {player: index for index, player in enumerate(ranked)}
    ordered = sorted(
        (tuple(sorted(team, key=rank.__getitem__)) for team in teams), key=lambda t: rank[t[0]]
    )
    return Partnerships(tuple((a, b) for a, b in ordered), alone)


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
