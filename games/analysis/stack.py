"""The explicit search stack and the transposition table that both of the analysis's searches
use: the hand-point search (games.analysis.solver) and the card-point one it hands its
endings to (games.analysis.points). numba caches no recursive function, hence the stack.
"""

from __future__ import annotations

import numpy as np

from games.bots.jit import njit
from games.bots.kernel import INFINITY

# Rows of a table (TT_SIZE words each, 56 bytes): the card-point search's 2**20 (56 MB), as a
# hand's searches mostly fit; the hand-point search's 2**16 (4 MB), as it ends a few tricks in.
POINTS_TT_BITS = 20
HAND_TT_BITS = 16
# The key; bounds on the value; cards left; the best card found (tried first next time).
T_K1, T_K2, T_K3, T_LOW, T_HIGH, T_DEPTH, T_MOVE = range(7)
TT_SIZE = 7
MAX_DEPTH = 40
# Frame fields: the trick so far, the window, the moves, and what was won before the node
# (the card-point search keeps its points so far in F_C0 and the points left in F_C1).
F_SEAT, F_COUNT, F_LED, F_WIN, F_WIN_SEAT, F_PTS, F_ALPHA, F_BETA = range(8)
F_A, F_B, F_BEST, F_HAND, F_MOVES, F_NEXT, F_C0, F_FLAGS, F_B0, F_B1, F_C1 = range(8, 19)
F_BEST_MOVE = 19
FRAME_SIZE = 20


def new_table(bits: int) -> np.ndarray:
    """An empty transposition table of 2**bits rows."""
    return np.zeros((1 << bits, TT_SIZE), dtype=np.int64)


@njit(inline=True)
def _slot(tt: np.ndarray, k1: int, k2: int, k3: int) -> int:
    """The first of the key's two rows: from the high bits of a product, which every bit of
    the key reaches (a product's low bits see only the key's low bits, and a slot taken from
    them left the high cards of hands 1 and 3 out: their positions all met in one slot)."""
    h = k1 * 0x5851F42D4C957F2D ^ k2 * 0x14057B7EF767814F ^ k3 * 0x2545F4914F6CDD1D
    h ^= (h >> 32) & 0xFFFFFFFF
    h *= 0x9E3779B97F4A7C15
    return (h >> 32) & (int(tt.shape[0]) - 2)


@njit(inline=True)
def _find(tt: np.ndarray, slot: int, k1: int, k2: int, k3: int) -> int:
    """The row holding the key in the slot's two (its first kept for the deepest), or -1."""
    for at in (slot, slot + 1):
        if tt[at, T_K1] == k1 and tt[at, T_K2] == k2 and tt[at, T_K3] == k3:
            return at
    return -1


@njit(inline=True)
def _store(
    tt: np.ndarray, slot: int, k1: int, k2: int, k3: int, value: int, alpha: int, beta: int,
    depth: int, move: int,
) -> None:  # fmt: skip
    """What a search of the window learnt: a lower bound, an upper one, or both (exact), kept
    beside what the table knew of the same position. A new position takes the first row if
    it has as many cards left as the one there (deep searches cost most), else the second."""
    at = _find(tt, slot, k1, k2, k3)
    if at < 0:
        at = slot if depth >= tt[slot, T_DEPTH] else slot + 1
        tt[at, T_K1], tt[at, T_K2], tt[at, T_K3] = k1, k2, k3
        tt[at, T_LOW], tt[at, T_HIGH], tt[at, T_DEPTH] = -INFINITY, INFINITY, depth
        tt[at, T_MOVE] = -1
    if move >= 0:
        tt[at, T_MOVE] = move
    if value > alpha:
        tt[at, T_LOW] = max(tt[at, T_LOW], value)
    if value < beta:
        tt[at, T_HIGH] = min(tt[at, T_HIGH], value)


@njit(inline=True)
def _frame(
    fr: np.ndarray, d: int, seat: int, count: int, led: int, win_card: int, win_seat: int,
    pts: int, alpha: int, beta: int, c0: int, c1: int, flags: int, b0: int, b1: int,
) -> None:  # fmt: skip
    fr[d, F_C1] = c1
    fr[d, F_SEAT], fr[d, F_COUNT], fr[d, F_LED], fr[d, F_WIN] = seat, count, led, win_card
    fr[d, F_WIN_SEAT], fr[d, F_PTS], fr[d, F_ALPHA], fr[d, F_BETA] = win_seat, pts, alpha, beta
    fr[d, F_C0], fr[d, F_FLAGS], fr[d, F_B0], fr[d, F_B1] = c0, flags, b0, b1


@njit(inline=True)
def _absorb(fr: np.ndarray, d: int, value: int) -> None:
    """A child's value into its parent's best and window (team 0 maximises)."""
    if fr[d, F_SEAT] & 1 == 0:
        if value > fr[d, F_BEST]:
            fr[d, F_BEST] = value
            fr[d, F_BEST_MOVE] = fr[d, F_NEXT] - 1
            if value > fr[d, F_A]:
                fr[d, F_A] = value
    elif value < fr[d, F_BEST]:
        fr[d, F_BEST] = value
        fr[d, F_BEST_MOVE] = fr[d, F_NEXT] - 1
        if value < fr[d, F_B]:
            fr[d, F_B] = value


@njit(inline=True)
def _moves_from(
    fr: np.ndarray, d: int, moves: np.ndarray, n: int, first: int, hand: int, alpha: int,
    beta: int, seat: int,
) -> None:  # fmt: skip
    """Set node `d` up to search its `n` moves (the best card of an earlier search first)."""
    for j in range(1, n):
        if moves[d, j] == first:
            for k in range(j, 0, -1):
                moves[d, k] = moves[d, k - 1]
            moves[d, 0] = first
            break
    fr[d, F_MOVES] = n
    fr[d, F_NEXT] = 0
    fr[d, F_HAND] = hand
    fr[d, F_A], fr[d, F_B] = alpha, beta
    fr[d, F_BEST] = -INFINITY if seat & 1 == 0 else INFINITY
    fr[d, F_BEST_MOVE] = -1
