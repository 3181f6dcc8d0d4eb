"""Two ways to pair positions 0..n-1 of a ranked list: a fast top-down search and an exact matching.

The top-down search is how a tournament director pairs by hand, and it is linear when little
stands in its way; the exact matching (networkx's maximum-weight matching, cubic) settles the
cases the search cannot, and proves what is avoidable.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

import networkx as nx

FLOAT = -1
"""A search choice meaning: leave this position unpaired, for the next pool to pair."""

SEARCH_STEPS = 20_000
"""Backtracking bound per search: past it the caller turns to the exact matching."""

Pair = tuple[int, int]


def pair_top_down(
    count: int,
    target: Callable[[int], int],
    allowed: Callable[[int, int], bool],
    floats: int = 0,
    steps: int = SEARCH_STEPS,
) -> tuple[list[Pair], list[int]] | None:
    """Pair the highest free position with the allowed free one nearest its target, backtracking.

    Up to `floats` positions may stay unpaired (the lowest ones, as the search tries pairing
    first). Returns the pairs and the unpaired positions, or None when no pairing exists or
    the search ran past `steps`.
    """
    free = [True] * count
    spare = floats
    chosen: list[tuple[int, int, Iterator[int]]] = []

    def options(top: int) -> Iterator[int]:
        for other in _outward(target(top), top + 1, count):
            if free[other] and allowed(top, other):
                yield other
        if spare:
            yield FLOAT

    top = 0
    while True:
        while top < count and not free[top]:
            top += 1
        if top == count:
            pairs = [(a, b) for a, b, _ in chosen if b != FLOAT]
            return pairs, [a for a, b, _ in chosen if b == FLOAT]
        free[top] = False
        choices = options(top)
        while (choice := next(choices, None)) is None:
            free[top] = True
            steps -= 1
            if not chosen or steps < 0:
                return None
            top, undone, choices = chosen.pop()
            if undone == FLOAT:
                spare += 1
            else:
                free[undone] = True
        if choice == FLOAT:
            spare -= 1
        else:
            free[choice] = False
        chosen.append((top, choice, choices))
        top += 1


def _outward(target: int, low: int, high: int) -> Iterator[int]:
    """Positions in [low, high) by distance from target, the farther-down one first on a tie."""
    if low >= high:
        return
    centre = min(max(target, low), high - 1)
    yield centre
    for distance in range(1, high - low):
        below, above = centre + distance, centre - distance
        if below < high:
            yield below
        if above >= low:
            yield above
        if below >= high and above < low:
            return


def cheapest_pairing(count: int, penalties: Callable[[int, int], Sequence[int]]) -> list[Pair]:
    """The perfect pairing of an even `count` whose penalties are least, compared level by level.

    `penalties(a, b)` (a < b) lists non-negative integers, the most important first: a pairing
    with fewer first-level penalties in total always wins, whatever the later levels say.
    """
    if count % 2:
        raise ValueError("an exact pairing needs an even number of positions")
    edges = {(a, b): tuple(penalties(a, b)) for a, b in itertools.combinations(range(count), 2)}
    if not edges:
        return []
    levels = len(next(iter(edges.values())))
    ceilings = [max(values[level] for values in edges.values()) for level in range(levels)]
    # Mixed radix: each level's total over a pairing stays below its base, so no level carries.
    bases = [ceiling * (count // 2) + 1 for ceiling in ceilings]
    costs = {edge: _fold(values, bases) for edge, values in edges.items()}
    top = max(costs.values()) + 1
    graph: nx.Graph[int] = nx.Graph()
    graph.add_weighted_edges_from((a, b, top - cost) for (a, b), cost in costs.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((min(a, b), max(a, b)) for a, b in matching)


def _fold(values: Sequence[int], bases: Sequence[int]) -> int:
    """One integer that orders like the tuple of values, given each level's base."""
    cost = 0
    for value, base in zip(values, bases, strict=True):
        cost = cost * base + value
    return cost
