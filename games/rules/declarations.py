"""Finding sequences and fours in a hand, with per-byte run tables precomputed once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import (
    CARDS,
    CODES,
    RANK_9,
    RANK_A,
    RANK_J,
    RANK_K,
    RANK_MASK,
    RANK_Q,
    RANK_T,
    RANKS,
    Card,
)

TIERCE, QUARTE, QUINTE, FOUR, BELOT = "tierce", "quarte", "quinte", "four", "belot"
RUN_KINDS = {3: TIERCE, 4: QUARTE}
RUN_POINTS = {3: 20, 4: 50}
FOUR_POINTS = {RANK_J: 200, RANK_9: 150, RANK_A: 100, RANK_T: 100, RANK_K: 100, RANK_Q: 100}
# Fours rank J > 9 > A > T > K > Q when compared.
FOUR_ORDER = {RANK_Q: 0, RANK_K: 1, RANK_T: 2, RANK_A: 3, RANK_9: 4, RANK_J: 5}


@dataclass(frozen=True, slots=True)
class Declaration:
    """An announced sequence, four or belot; `top` and `length` are what the comparison reads."""

    seat: int
    kind: str
    cards: tuple[Card, ...]
    points: int
    top: int  # natural rank of a run's top card; FOUR_ORDER of a four; 0 for a belot
    length: int

    @property
    def is_four(self) -> bool:
        """Whether this is a four of a kind (which beats a sequence of equal points)."""
        return self.kind == FOUR

    def top_code(self) -> str:
        """Public name of the top: a run's top card code, a four's rank."""
        if self.kind == FOUR:
            return RANKS[self.cards[0] & 7]
        return CODES[self.cards[-1]]

    def codes(self) -> list[str]:
        """The cards as codes, in the order docs/rules.md#the-scenario-runner lists them."""
        return [CODES[c] for c in self.cards]


def _runs(byte: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of at least three consecutive ranks in one suit byte: (low rank, length)."""
    runs = []
    r = 0
    while r < 8:
        if byte >> r & 1:
            start = r
            while r < 8 and byte >> r & 1:
                r += 1
            if r - start >= 3:
                runs.append((start, r - start))
        else:
            r += 1
    return tuple(runs)


RUNS = tuple(_runs(b) for b in range(256))


def run_declaration(seat: int, suit: int, low: int, length: int) -> Declaration:
    """A run as one declaration (runs of 5 or more are a quinte listing all their cards)."""
    cards = tuple(CARDS[suit * 8 + r] for r in range(low, low + length))
    kind = RUN_KINDS.get(length, QUINTE)
    return Declaration(seat, kind, cards, RUN_POINTS.get(length, 100), low + length - 1, length)


def four_declaration(seat: int, rank: int) -> Declaration:
    """Four cards of one rank, listed in suit order c d h s."""
    cards = tuple(CARDS[s * 8 + rank] for s in range(4))
    return Declaration(seat, FOUR, cards, FOUR_POINTS[rank], FOUR_ORDER[rank], 4)


def fours_in(mask: int) -> list[int]:
    """Ranks of the scoring fours (not sevens or eights) a hand holds."""
    in_every_suit = mask & mask >> 8 & mask >> 16 & mask >> 24 & 0xFC  # 7s and 8s never score
    if not in_every_suit:
        return []
    return [r for r in FOUR_POINTS if in_every_suit >> r & 1]


def runs_in(seat: int, mask: int, *, split_eight: bool) -> list[Declaration]:
    """Runs of a hand; a run of eight is quinte T-A + tierce 7-9, or nothing if not split."""
    found: list[Declaration] = []
    for suit in range(4):
        runs = RUNS[mask >> (suit * 8) & 0xFF]
        if not runs:
            continue
        for low, length in runs:
            if length == 8:
                if split_eight:
                    found.append(run_declaration(seat, suit, 0, 3))
                    found.append(run_declaration(seat, suit, 3, 5))
            else:
                found.append(run_declaration(seat, suit, low, length))
    return found


def strength_key(d: Declaration) -> tuple[int, int, int]:
    """Bulgarian and French order: points, then a four over a sequence, then the top card."""
    return (d.points, d.is_four, d.top)


def exclusive_declarations(seat: int, mask: int) -> list[Declaration]:
    """Best split when a card may serve in a four or a sequence, not both (Bulgarian rule 5)."""
    fours = fours_in(mask)
    if not fours:
        return runs_in(seat, mask, split_eight=True)
    best: list[Declaration] = []
    best_key: tuple[int, tuple[int, int, int]] = (-1, (0, 0, 0))
    for choice in range(1 << len(fours)):
        chosen = [r for i, r in enumerate(fours) if choice >> i & 1]
        rest = mask
        for r in chosen:
            rest &= ~RANK_MASK[r]
        decls = [four_declaration(seat, r) for r in chosen]
        decls += runs_in(seat, rest, split_eight=True)
        key = (
            sum(d.points for d in decls),
            max((strength_key(d) for d in decls), default=(0, 0, 0)),
        )
        if key > best_key:
            best, best_key = decls, key
    return best


def overlapping_declarations(seat: int, mask: int) -> list[Declaration]:
    """Every run and every four, a card in both allowed; eight of a suit is no run (Bela 4)."""
    decls = [four_declaration(seat, r) for r in fours_in(mask)]
    return decls + runs_in(seat, mask, split_eight=False)


def strongest_team(decls: Sequence[Declaration]) -> int | None:
    """Bulgarian rule 5 (French Belote too): the team with the strongest single declaration;
    None when neither has one or the two best are equal."""
    best: list[tuple[int, int, int] | None] = [None, None]
    for d in decls:
        key = strength_key(d)
        current = best[d.seat & 1]
        if current is None or key > current:
            best[d.seat & 1] = key
    first, second = best
    if first is None:
        return None if second is None else 1
    if second is None:
        return 0
    if first == second:
        return None
    return 0 if first > second else 1
