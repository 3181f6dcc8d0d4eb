"""Round robin by the circle method: every pair of entries meets exactly once."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.entries import EntryId, Round, require_distinct


def round_robin(entries: Sequence[EntryId]) -> list[Round[EntryId]]:
    """All rounds of a round robin: n - 1 rounds for an even field, n for an odd one.

    The circle method: the first place stays put while the others turn one place per round
    around it; table i pairs place i with place n - 1 - i. An odd field gets an extra place,
    and whoever faces it has the bye, so every entry sits out exactly once.
    """
    ids = require_distinct(entries)
    if len(ids) < 2:
        raise ValueError("a round robin needs at least two entries")
    bye_place = len(ids)
    places = list(range(len(ids) + len(ids) % 2))
    rounds = []
    for _ in range(len(places) - 1):
        tables = [(places[i], places[-1 - i]) for i in range(len(places) // 2)]
        pairs = tuple((ids[a], ids[b]) for a, b in tables if bye_place not in (a, b))
        byes = [ids[a + b - bye_place] for a, b in tables if bye_place in (a, b)]
        rounds.append(Round(pairs, byes[0] if byes else None))
        places = [places[0], places[-1], *places[1:-1]]
    return rounds
