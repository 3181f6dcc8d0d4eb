"""Swiss pairing: score groups paired top-down, floating down where needed, no avoidable rematch."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

from tournaments.pairing.entries import Entry, EntryId, Result, Round, require_distinct
from tournaments.pairing.history import History, histories
from tournaments.pairing.search import cheapest_pairing, pair_top_down


def swiss_round(
    entries: Sequence[Entry[EntryId]],
    results: Iterable[Result[EntryId]],
    avoid: Iterable[tuple[EntryId, EntryId]] = (),
) -> Round[EntryId]:
    """Pair the next round of a Swiss from the results so far.

    Entries rank by score, then rating, then the caller's order. With an odd field the
    lowest-ranked entry that has not had a bye sits this round out. Each score group, with the
    entries floated down into it, is paired top half against bottom half (1 v 5, 2 v 6, ... in
    a group of eight), shifting partners as little as rematches demand; whoever cannot be
    paired floats down to the next group. If the last group cannot be paired, it is re-paired
    exactly together with the groups above it, one more at a time; at worst the whole round is
    solved as one matching that prefers, in this order: nobody's second bye, fewest rematched
    pairs, fewest meetings repeated (a third meeting counts twice), least score difference,
    the bye to the lowest-ranked, top half against bottom half. So a rematch happens only when
    every pairing of the field needs one. Pairs in `avoid` (teammates, family) are kept apart
    as if they had met already: they meet only when every pairing of the field needs it.
    """
    ids = require_distinct(entry.id for entry in entries)
    if len(ids) < 2:
        raise ValueError("a Swiss round needs at least two entries")
    record = histories(ids, results)
    for first, second in avoid:
        if first in record and second in record:
            record[first].opponents[second] += 1
            record[second].opponents[first] += 1
    ranked = [entry.id for entry in sorted(entries, key=lambda e: (-record[e.id].score, -e.rating))]
    bye = min(reversed(ranked), key=lambda entry: record[entry].byes) if len(ranked) % 2 else None
    pairs = _pair_by_groups([entry for entry in ranked if entry != bye], record)
    if pairs is None:
        pairs, bye = _pair_exactly(ranked, record, with_bye=len(ranked) % 2 == 1)
    return Round(tuple(pairs), bye)


def _pair_by_groups(
    field: list[EntryId], record: dict[EntryId, History[EntryId]]
) -> list[tuple[EntryId, EntryId]] | None:
    """Pair score group by score group, top-down; None if re-pairing upwards needs a rematch."""
    groups = [list(group) for _, group in itertools.groupby(field, key=lambda e: record[e].score)]
    arriving: list[list[EntryId]] = []
    paired: list[list[tuple[EntryId, EntryId]]] = []
    floating: list[EntryId] = []
    for index, group in enumerate(groups):
        arriving.append(floating)
        found = _pair_pool(floating, group, record, last=index == len(groups) - 1)
        if found is None:
            break
        pairs, floating = found
        paired.append(pairs)
    else:
        return [pair for pairs in paired for pair in pairs]
    # The failed pool and the groups above it, re-paired exactly, growing upwards.
    for start in range(len(paired), 0, -1):
        region = arriving[start] + [entry for group in groups[start:] for entry in group]
        pairs, _ = _pair_exactly(region, record, with_bye=False)
        if not any(record[a].times_met(b) for a, b in pairs):
            return [pair for pairs in paired[:start] for pair in pairs] + pairs
    return None


def _pair_pool(
    arrived: list[EntryId],
    group: list[EntryId],
    record: dict[EntryId, History[EntryId]],
    *,
    last: bool,
) -> tuple[list[tuple[EntryId, EntryId]], list[EntryId]] | None:
    """Pair one score group and the entries floated into it, floating as few down as possible.

    Floated entries meet the group's top entries first; the rest of the group then plays top
    half against bottom half.
    """
    pool = arrived + group

    def allowed(a: int, b: int) -> bool:
        return not record[pool[a]].times_met(pool[b])

    most = 0 if last else len(pool)
    for floats in range(len(pool) % 2, most + 1, 2):
        half = (len(pool) - 2 * len(arrived) - floats) // 2

        def target(top: int, half: int = half) -> int:
            return top + (len(arrived) if top < len(arrived) else half)

        found = pair_top_down(len(pool), target, allowed, floats)
        if found is not None:
            pairs, floated = found
            return [(pool[a], pool[b]) for a, b in pairs], [pool[i] for i in floated]
    return None


def _pair_exactly(
    ranked: list[EntryId], record: dict[EntryId, History[EntryId]], *, with_bye: bool
) -> tuple[list[tuple[EntryId, EntryId]], EntryId | None]:
    """Solve the pairing as one matching; with a bye, a virtual last position stands for it."""
    size = len(ranked)
    halves = Counter(record[entry].score for entry in ranked)

    def penalties(a: int, b: int) -> tuple[int, int, int, int, int, int]:
        first = record[ranked[a]]
        if b == size:
            return (min(first.byes, 1), 0, 0, 0, size - 1 - a, 0)
        met = first.times_met(ranked[b])
        gap = round(2 * (first.score - record[ranked[b]].score))
        order = abs(b - a - halves[first.score] // 2)
        return (0, min(met, 1), met, gap * gap, 0, order)

    pairs: list[tuple[EntryId, EntryId]] = []
    bye = None
    for a, b in cheapest_pairing(size + int(with_bye), penalties):
        if b == size:
            bye = ranked[a]
        else:
            pairs.append((ranked[a], ranked[b]))
    return pairs, bye
