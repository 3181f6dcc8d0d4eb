"""Round robin by the circle method: every pair of entries meets exactly once."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.entries import EntryId, Round, require_distinct

_BYE = object()
"""The extra place of an odd field; whoever faces it sits the round out."""


def round_robin(entries: Sequence[EntryId]) -> list[Round]:
    """All rounds of a round robin: n - 1 rounds for an even field, n for an odd one.

    The circle method: the first entry stays put while the others turn one place per round
    around it; table i pairs place i with place n - 1 - i. An odd field gets an extra place,
    and whoever faces it has the bye, so every entry sits out exactly once.
    """
    places: list[object] = list(require_distinct(entries))
    if len(places) < 2:
        raise ValueError("a round robin needs at least two entries")
    if len(places) % 2:
        places.append(_BYE)
    rounds = []
    for _ in range(len(places) - 1):
        pairs = [(places[i], places[-1 - i]) for i in range(len(places) // 2)]
        bye = next((a if b is _BYE else b for a, b in pairs if _BYE in (a, b)), None)
        rounds.append(Round(tuple((a, b) for a, b in pairs if _BYE not in (a, b)), bye))
        places = [places[0], places[-1], *places[1:-1]]
    return rounds
