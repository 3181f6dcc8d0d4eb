"""Dealing the unseen cards uniformly among the worlds consistent with what a seat knows."""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb

from games.bots.inference import Knowledge, consistent, infer
from games.bots.view import SeatView

Caps = tuple[int, ...]


class WorldSampler:
    """Exact uniform dealing under the hard constraints, then rejection on the record.

    Cards are grouped by the set of seats allowed to hold them; a count of completions per
    (group, remaining capacities) makes every consistent deal equally likely.
    """

    def __init__(self, view: SeatView, knowledge: Knowledge | None = None) -> None:
        self.view = view
        k = knowledge if knowledge is not None else infer(view)
        self.strict = True
        self._count = lru_cache(maxsize=None)(self._count_uncached)
        self._choices = lru_cache(maxsize=None)(self._choices_uncached)
        if not self._build(k):
            # Inferences from play that no deal satisfies: keep only the announced cards.
            loose = [k.unseen & ~k.pinned[s] if not k.needs[s] else 0 for s in range(4)]
            for s in range(4):
                for other in range(4):
                    if other != s:
                        loose[s] |= k.pinned[other]
            k = Knowledge(k.unseen, k.needs, k.pinned, (loose[0], loose[1], loose[2], loose[3]))
            self._count.cache_clear()
            self._choices.cache_clear()
            self._build(k)
        self.knowledge = k

    def _build(self, k: Knowledge) -> bool:
        """Group the free cards by allowed seats; False when no deal fits the constraints."""
        view = self.view
        self.base = [k.pinned[s] | (view.hand if s == view.seat else 0) for s in range(4)]
        self.seats = tuple(s for s in range(4) if k.needs[s] - k.pinned[s].bit_count() > 0)
        caps = tuple(k.needs[s] - k.pinned[s].bit_count() for s in self.seats)
        free = k.unseen & ~(k.pinned[0] | k.pinned[1] | k.pinned[2] | k.pinned[3])
        groups: dict[int, list[int]] = {}
        while free:
            low = free & -free
            free ^= low
            allowed = 0
            for j, seat in enumerate(self.seats):
                if not k.forbidden[seat] & low:
                    allowed |= 1 << j
            groups.setdefault(allowed, []).append(low.bit_length() - 1)
        self.groups = tuple((allowed, tuple(cards)) for allowed, cards in groups.items())
        self.caps = caps
        return sum(caps) == sum(len(c) for _, c in self.groups) and self._count(0, caps) > 0

    def _splits(self, i: int, caps: Caps) -> list[tuple[Caps, int]]:
        """Ways to share group i among its allowed seats: (amounts, multinomial weight)."""
        allowed, cards = self.groups[i]
        n = len(cards)
        seats = [j for j in range(len(caps)) if allowed >> j & 1]
        out: list[tuple[Caps, int]] = []

        def fill(pos: int, left: int, taken: list[int], weight: int) -> None:
            if pos == len(seats) - 1:
                j = seats[pos]
                if left <= caps[j]:
                    taken[j] = left
                    out.append((tuple(taken), weight))
                    taken[j] = 0
                return
            j = seats[pos]
            for amount in range(min(left, caps[j]) + 1):
                taken[j] = amount
                fill(pos + 1, left - amount, taken, weight * comb(left, amount))
            taken[j] = 0

        if seats:
            fill(0, n, [0] * len(caps), 1)
        elif n == 0:
            out.append((tuple(0 for _ in caps), 1))
        return out

    def _count_uncached(self, i: int, caps: Caps) -> int:
        if i == len(self.groups):
            return 1 if not any(caps) else 0
        total = 0
        for taken, weight in self._splits(i, caps):
            rest = tuple(c - t for c, t in zip(caps, taken, strict=True))
            total += weight * self._count(i + 1, rest)
        return total

    def _choices_uncached(self, i: int, caps: Caps) -> tuple[list[tuple[Caps, Caps, int]], int]:
        """The ways to share group i that leave a completion, weighted by their count."""
        options = []
        total = 0
        for taken, weight in self._splits(i, caps):
            rest = tuple(c - t for c, t in zip(caps, taken, strict=True))
            w = weight * self._count(i + 1, rest)
            if w:
                options.append((taken, rest, w))
                total += w
        return options, total

    def deal(self, rng: random.Random) -> list[int]:
        """One world drawn uniformly under the hard constraints: four hand masks."""
        hands = list(self.base)
        caps = self.caps
        for i, (_, cards) in enumerate(self.groups):
            options, total = self._choices(i, caps)
            pick = rng.randrange(total)
            index = 0
            while pick >= options[index][2]:
                pick -= options[index][2]
                index += 1
            taken, rest, _ = options[index]
            order = list(cards)
            rng.shuffle(order)
            pos = 0
            for j, amount in enumerate(taken):
                for card in order[pos : pos + amount]:
                    hands[self.seats[j]] |= 1 << card
                pos += amount
            caps = rest
        return hands

    def sample(self, rng: random.Random, tries: int = 40) -> list[int]:
        """A world consistent with the whole record (rejection over uniform deals).

        If no strict world turns up (a person may have kept a declaration to themselves),
        the sampler stops assuming that everyone announces everything.
        """
        hands = self.deal(rng)
        for _ in range(tries):
            if consistent(self.view, hands, strict=self.strict):
                return hands
            hands = self.deal(rng)
        if self.strict:
            self.strict = False
            return self.sample(rng, tries)
        return hands
