"""The exact perfect-information value of every legal card, in hand points, from any trick.

The bots' solver (games.bots.kernel) maximises card points, which is what a bot needs in play;
hand points are not card points (a contract made or failed, a valat or capot, rounding, a
belot kept), so the analysis searches on hand points themselves: alpha-beta to the end of the
hand over every card known, the final value read from a table of the contract's scoring
(`value_table`). A trick start's value depends on what was won before it as well as on the
cards left, so the transposition table is keyed on both; one table serves every decision of
a hand, whose searches share their subtrees (each decision's position lies in the previous
one's tree). Equal cards with nothing between them are searched once (the kernel's
`_ordered`, which also puts the likely best first).

Once no belot is left to announce, the score depends on one number only, which the card-point
search (games.analysis.points) finds for a window translated from the hand-point one; its
table, keyed on the cards left alone, serves every score so far: most of a hand's tree is
searched there, with 7 to 30 times fewer nodes on the slow hands measured (bench/analysis.py
has the time).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from games.analysis.points import outcome
from games.analysis.stack import (
    F_A,
    F_ALPHA,
    F_B,
    F_B0,
    F_B1,
    F_BEST,
    F_BEST_MOVE,
    F_BETA,
    F_C0,
    F_C1,
    F_COUNT,
    F_FLAGS,
    F_HAND,
    F_LED,
    F_MOVES,
    F_NEXT,
    F_PTS,
    F_SEAT,
    F_WIN,
    F_WIN_SEAT,
    FRAME_SIZE,
    HAND_TT_BITS,
    MAX_DEPTH,
    POINTS_TT_BITS,
    T_HIGH,
    T_LOW,
    T_MOVE,
    _absorb,
    _find,
    _frame,
    _moves_from,
    _slot,
    _store,
    new_table,
)
from games.bots.jit import njit

# The kernel's play rules (and games.analysis.points and .stack), compiled into this module's
# code: numba's disk cache only sees this file change, so a change to them wants this module's
# cache cleared (its files in __pycache__).
from games.bots.kernel import (
    _PAIR,
    _SUIT,
    BEATEN,
    BELOT_POINTS,
    BELOTS_MASK,
    INFINITY,
    LAST_TRICK,
    NEEDS_SUIT,
    POINT,
    _follow_mask,
    _low,
    _ordered,
    _popcount,
)

MAX_BELOTS = 4  # belots a team can announce (all trumps: one a suit)
MTD_TESTS = 3  # zero-window tests that follow the bounds found before halving the interval
STATUSES = 3  # both teams took a trick; team 0 took them all; team 1 took them all

# Final hand points (team 0's minus team 1's) from card points, belot points and tricks, each
# per team.
Scoring = Callable[[Sequence[int], Sequence[int], Sequence[int]], float]


@dataclass(frozen=True, slots=True)
class Root:
    """A decision's position: every hand, the trick so far, and what each team has won."""

    hands: tuple[int, int, int, int]
    to_act: int
    trick: tuple[int, ...]
    led: int
    win_card: int
    win_seat: int
    won: tuple[int, int]  # card points of completed tricks
    tricks: tuple[int, int]
    belots: tuple[int, int]  # belots announced


def value_table(table: np.ndarray, score: Scoring) -> np.ndarray:
    """`score` for every final outcome: [team 0's card points, status, belots 0, belots 1]."""
    total = int(sum(table[POINT + c] for c in range(32))) + LAST_TRICK
    pairs = MAX_BELOTS if _popcount(int(table[BELOTS_MASK])) > 2 else 1
    out = np.zeros((total + 1, STATUSES, pairs + 1, pairs + 1), dtype=np.int64)
    tricks = ((1, 1), (1, 0), (0, 1))
    for c0 in range(total + 1):
        for status, won in enumerate(tricks):
            for b0 in range(pairs + 1):
                for b1 in range(pairs + 1):
                    belots = (b0 * BELOT_POINTS, b1 * BELOT_POINTS)
                    out[c0, status, b0, b1] = round(score((c0, total - c0), belots, won))
    return out


def monotone(values: np.ndarray) -> bool:
    """Whether a `value_table` never falls as team 0's card points rise (every rule set's
    scoring, checked: the search's bounds rely on it). Belots are another matter: a valat
    side may take the other's, and Bela's callers who fail hand theirs over."""
    return bool((np.diff(values, axis=0) >= 0).all())


class Solver:
    """Exact values for a hand's decisions, one transposition table for them all."""

    def __init__(self, table: np.ndarray) -> None:
        self.table = table
        self.tt = new_table(HAND_TT_BITS)
        self.frames = np.zeros((MAX_DEPTH, FRAME_SIZE), dtype=np.int64)
        self.moves = np.zeros((MAX_DEPTH, 16), dtype=np.int64)
        # The card-point search's (games.analysis.points): its table and stack.
        self.points_tt = new_table(POINTS_TT_BITS)
        self.points_frames = np.zeros((MAX_DEPTH, FRAME_SIZE), dtype=np.int64)
        self.points_moves = np.zeros((MAX_DEPTH, 16), dtype=np.int64)
        self.scorings: dict[bytes, int] = {}

    def values(
        self, root: Root, cards: Sequence[int], values: np.ndarray, guess: int = 0
    ) -> list[int]:
        """Team 0's hand points minus team 1's after each card, both sides then perfect.

        `values` is the contract's `value_table` for this decision's declarations; table
        entries are only shared between decisions scored alike."""
        stamp = self.scorings.setdefault(values.tobytes(), len(self.scorings) + 1)
        pts = sum(int(self.table[POINT + c]) for c in root.trick)
        flags = (1 if root.tricks[0] else 0) | (2 if root.tricks[1] else 0)
        state = np.array(
            [*root.hands, root.to_act, len(root.trick), root.led, root.win_card, root.win_seat,
             pts, root.won[0], root.won[1], flags, *root.belots],
            dtype=np.int64,
        )  # fmt: skip
        out = np.zeros(len(cards), dtype=np.int64)
        _card_values(self.table, values, state, np.array(cards, dtype=np.int64), self.tt, stamp,
                     self.frames, self.moves, guess, monotone(values), self.points_tt,
                     self.points_frames, self.points_moves, out)  # fmt: skip
        return out.tolist()


@njit(inline=True)
def _status(flags: int) -> int:
    """0 both teams took a trick, 1 team 1 took none, 2 team 0 took none."""
    if flags == 1:
        return 1
    if flags == 2:
        return 2
    return 0


@njit(inline=True)
def _key(
    tt: np.ndarray, hands: np.ndarray, seat: int, c0: int, flags: int, b0: int, b1: int, stamp: int
) -> tuple[int, int, int, int]:
    """A trick start's slot in the table and its three key words."""
    k1 = hands[0] | (hands[1] << 32)
    k2 = hands[2] | (hands[3] << 32)
    k3 = seat | (flags << 2) | (b0 << 4) | (b1 << 8) | (c0 << 12) | (stamp << 24)
    return _slot(tt, k1, k2, k3), k1, k2, k3


@njit(inline=True)
def _belot(tab: np.ndarray, hand: int, card: int, count: int, led: int) -> int:
    """1 if playing `card` from `hand` announces a belot (games.bots.kernel._play's rule)."""
    if (
        (1 << card) & tab[BELOTS_MASK]
        and hand & _PAIR[card]
        and (count == 0 or not tab[NEEDS_SUIT] or card >> 3 == led)
    ):
        return 1
    return 0


@njit(inline=True)
def _last_trick(tab: np.ndarray, vt: np.ndarray, hands: np.ndarray, fr: np.ndarray, d: int) -> int:
    """The final value from a node of the last trick, where every card is forced (and no
    belot is left: a pair needs two cards in one hand)."""
    seat, n = fr[d, F_SEAT], fr[d, F_COUNT]
    win_card, win_seat, pts = fr[d, F_WIN], fr[d, F_WIN_SEAT], fr[d, F_PTS]
    for i in range(4 - n):
        s = (seat + i) & 3
        c = _low(hands[s])
        pts += tab[POINT + c]
        if n + i == 0 or tab[BEATEN + win_card] >> c & 1:
            win_card, win_seat = c, s
    c0 = fr[d, F_C0] + (pts + LAST_TRICK if win_seat & 1 == 0 else 0)
    flags = fr[d, F_FLAGS] | (1 << (win_seat & 1))
    return int(vt[c0, _status(flags), fr[d, F_B0], fr[d, F_B1]])


@njit(inline=True)
def _pairs(tab: np.ndarray, hand: int) -> int:
    """Belots `hand` can still announce: pairs it holds whole."""
    held = hand & tab[BELOTS_MASK]
    n = 0
    for suit in range(4):
        if _popcount(held & _SUIT[suit]) == 2:
            n += 1
    return n


@njit(inline=True)
def _bound(
    tab: np.ndarray, vt: np.ndarray, hands: np.ndarray, fr: np.ndarray, d: int, alpha: int,
    beta: int,
) -> tuple[int, bool]:  # fmt: skip
    """At a trick start: the best final value team 0 could reach (every point left its own,
    whichever belots still possible), if no better than `alpha`, or the worst (every point
    left the other's), if no worse than `beta`, with True; else (0, False)."""
    c0, c1, flags = fr[d, F_C0], fr[d, F_C1], fr[d, F_FLAGS]
    b0, b1 = fr[d, F_B0], fr[d, F_B1]
    rest = vt.shape[0] - 1 - c0 - c1
    e0 = _pairs(tab, hands[0]) + _pairs(tab, hands[2])
    e1 = _pairs(tab, hands[1]) + _pairs(tab, hands[3])
    best, worst = -INFINITY, INFINITY
    for x in range(b0, b0 + e0 + 1):
        for y in range(b1, b1 + e1 + 1):
            best = max(best, vt[c0 + rest, 0, x, y])
            worst = min(worst, vt[c0, 0, x, y])
            if not flags & 2:  # team 1 has no trick yet: team 0 may take them all
                best = max(best, vt[c0 + rest, 1, x, y])
            if not flags & 1:
                worst = min(worst, vt[c0, 2, x, y])
    if best <= alpha:
        return best, True
    if worst >= beta:
        return worst, True
    return 0, False


@njit(inline=True)
def _scored(vt: np.ndarray, c0: int, rest: int, b0: int, b1: int, x: int) -> int:
    """The final value of outcome `x` (games.analysis.points) from `c0` points won before."""
    if x < 0:
        return int(vt[c0, 2, b0, b1])
    if x > rest:
        return int(vt[c0 + rest, 1, b0, b1])
    return int(vt[c0 + x, 0, b0, b1])


@njit
def _hand_over(
    tab: np.ndarray, vt: np.ndarray, hands: np.ndarray, fr: np.ndarray, d: int, alpha: int,
    beta: int, ct: np.ndarray, cfr: np.ndarray, cmoves: np.ndarray,
) -> tuple[int, bool]:  # fmt: skip
    """At a trick start of a `monotone` scoring: where no belot is left to announce and the
    final value never falls as the outcome rises, the value from the card-point search of the
    outcome (its window the outcomes that score on either side of this one), with True;
    else (0, False)."""
    for seat in range(4):
        if _pairs(tab, hands[seat]):
            return 0, False
    c0, c1, flags = fr[d, F_C0], fr[d, F_C1], fr[d, F_FLAGS]
    b0, b1 = fr[d, F_B0], fr[d, F_B1]
    rest = vt.shape[0] - 1 - c0 - c1
    low = 0 if flags & 1 else -1  # the outcomes still possible
    high = rest if flags & 2 else rest + 1
    if _scored(vt, c0, rest, b0, b1, high) < _scored(vt, c0, rest, b0, b1, rest):
        return 0, False
    if _scored(vt, c0, rest, b0, b1, low) > _scored(vt, c0, rest, b0, b1, 0):
        return 0, False
    below, top = low - 1, high  # the most that still scores no more than alpha
    while below < top:
        mid = (below + top + 1) // 2
        if _scored(vt, c0, rest, b0, b1, mid) <= alpha:
            below = mid
        else:
            top = mid - 1
    bottom, above = low, high + 1  # the least that scores beta or more
    while bottom < above:
        mid = (bottom + above) // 2
        if _scored(vt, c0, rest, b0, b1, mid) >= beta:
            above = mid
        else:
            bottom = mid + 1
    x = outcome(tab, hands, fr[d, F_SEAT], flags, rest, below, above, ct, cfr, cmoves)
    return _scored(vt, c0, rest, b0, b1, min(max(x, low), high)), True


@njit
def _search(
    tab: np.ndarray, vt: np.ndarray, hands: np.ndarray, tt: np.ndarray, stamp: int,
    fr: np.ndarray, moves: np.ndarray, fresh: bool, bounded: bool, ct: np.ndarray,
    cfr: np.ndarray, cmoves: np.ndarray,
) -> int:  # fmt: skip
    """Alpha-beta from the node set up in `fr[0]`, with an explicit stack (numba caches no
    recursive function); `hands` is restored on return. Values are final hand points.

    `fresh` False: the root's moves are given (a decision's one candidate), so its value is
    that move's and is not stored as the position's. `bounded`: the scoring never loses from
    more card points (`monotone`), so a trick start whose best and worst outcomes lie outside
    the window is cut at once, and one with no belot left is handed to the card-point search
    (`_hand_over`, with its table `ct` and stack `cfr`, `cmoves`)."""
    d = 0
    root_stored = fresh
    while True:
        seat = fr[d, F_SEAT]
        count = fr[d, F_COUNT]
        if fresh:
            fresh = False
            alpha, beta = fr[d, F_ALPHA], fr[d, F_BETA]
            hit = False
            value = 0
            if _popcount(hands[0] | hands[1] | hands[2] | hands[3]) == 4 - count:
                value = _last_trick(tab, vt, hands, fr, d)
                hit = True
            elif count == 0 and bounded:
                value, hit = _bound(tab, vt, hands, fr, d, alpha, beta)
                if not hit:
                    value, hit = _hand_over(tab, vt, hands, fr, d, alpha, beta, ct, cfr, cmoves)
            first = -1
            if not hit and count == 0:
                slot, k1, k2, k3 = _key(tt, hands, seat, fr[d, F_C0], fr[d, F_FLAGS], fr[d, F_B0],
                                        fr[d, F_B1], stamp)  # fmt: skip
                at = _find(tt, slot, k1, k2, k3)
                if at >= 0:
                    first = tt[at, T_MOVE]
                    low, high = tt[at, T_LOW], tt[at, T_HIGH]
                    if low == high or low >= beta:
                        value, hit = low, True
                    elif high <= alpha:
                        value, hit = high, True
            if not hit:
                hand = hands[seat]
                if count == 0:
                    mask, win = hand, -1
                else:
                    win = fr[d, F_WIN]
                    mask = _follow_mask(tab, hand, seat, fr[d, F_LED], win, fr[d, F_WIN_SEAT])
                n = _ordered(tab, hands, mask, seat, win, moves[d])
                _moves_from(fr, d, moves, n, first, hand, alpha, beta, seat)
                continue
        elif fr[d, F_NEXT] < fr[d, F_MOVES] and fr[d, F_A] < fr[d, F_B]:
            card = moves[d, fr[d, F_NEXT]]
            fr[d, F_NEXT] += 1
            hand = fr[d, F_HAND]
            hands[seat] = hand ^ (1 << card)
            pts = fr[d, F_PTS] + tab[POINT + card]
            led = card >> 3 if count == 0 else fr[d, F_LED]
            b0, b1 = fr[d, F_B0], fr[d, F_B1]
            if _belot(tab, hand, card, count, led):
                if seat & 1 == 0:
                    b0 += 1
                else:
                    b1 += 1
            if count == 0 or tab[BEATEN + fr[d, F_WIN]] >> card & 1:
                win_card, win_seat = card, seat
            else:
                win_card, win_seat = fr[d, F_WIN], fr[d, F_WIN_SEAT]
            a, b = fr[d, F_A], fr[d, F_B]
            c0, c1, flags = fr[d, F_C0], fr[d, F_C1], fr[d, F_FLAGS]
            if count < 3:
                _frame(fr, d + 1, (seat + 1) & 3, count + 1, led, win_card, win_seat, pts, a, b,
                       c0, c1, flags, b0, b1)  # fmt: skip
            else:
                last = not (hands[0] | hands[1] | hands[2] | hands[3])
                gained = pts + LAST_TRICK if last else pts
                if win_seat & 1 == 0:
                    c0 += gained
                else:
                    c1 += gained
                flags |= 1 << (win_seat & 1)
                if last:
                    _absorb(fr, d, vt[c0, _status(flags), b0, b1])
                    continue
                _frame(fr, d + 1, win_seat, 0, -1, -1, -1, 0, a, b, c0, c1, flags, b0, b1)
            d += 1
            fresh = True
            continue
        else:
            hands[seat] = fr[d, F_HAND]
            value = fr[d, F_BEST]
            if count == 0 and (d > 0 or root_stored):
                slot, k1, k2, k3 = _key(tt, hands, seat, fr[d, F_C0], fr[d, F_FLAGS], fr[d, F_B0],
                                        fr[d, F_B1], stamp)  # fmt: skip
                best = fr[d, F_BEST_MOVE]
                _store(tt, slot, k1, k2, k3, value, fr[d, F_ALPHA], fr[d, F_BETA],
                       _popcount(hands[0] | hands[1] | hands[2] | hands[3]),
                       moves[d, best] if best >= 0 else -1)  # fmt: skip
        d -= 1
        if d < 0:
            return value
        _absorb(fr, d, value)


@njit
def _card_values(
    tab: np.ndarray, vt: np.ndarray, st: np.ndarray, cards: np.ndarray, tt: np.ndarray,
    stamp: int, fr: np.ndarray, moves: np.ndarray, guess: int, bounded: bool, ct: np.ndarray,
    cfr: np.ndarray, cmoves: np.ndarray, out: np.ndarray,
) -> None:  # fmt: skip
    """Each card of the seat to act played from `st` (see Solver.values), then searched.

    Each value is found by zero-window tests, each far cheaper than a full-window search:
    the first at `guess` (the value of the first card is known when the next decision was
    searched first), the next few at the bound the last one found (MTD(f)), then halving the
    interval the value is known to lie in; the table keeps what each test learnt."""
    hands = st[:4].copy()
    seat, count, led, win, win_seat, pts = st[4], st[5], st[6], st[7], st[8], st[9]
    c0, c1, flags, b0, b1 = st[10], st[11], st[12], st[13], st[14]
    least, most = vt.min(), vt.max()
    for i in range(cards.shape[0]):
        low, high = least, most
        test = min(max(guess, low + 1), high)
        tests = 0
        while low < high:
            _frame(fr, 0, seat, count, led, win, win_seat, pts, test - 1, test, c0, c1, flags,
                   b0, b1)  # fmt: skip
            fr[0, F_HAND] = hands[seat]
            fr[0, F_BEST] = -INFINITY if seat & 1 == 0 else INFINITY
            fr[0, F_BEST_MOVE] = -1
            fr[0, F_A], fr[0, F_B] = test - 1, test
            moves[0, 0] = cards[i]
            fr[0, F_MOVES], fr[0, F_NEXT] = 1, 0
            value = _search(tab, vt, hands, tt, stamp, fr, moves, False, bounded, ct, cfr, cmoves)
            tests += 1
            if value >= test:
                low = value
                test = low + 1  # MTD(f): is the bound found the value?
            else:
                high = value
                test = high
            if tests >= MTD_TESTS:
                test = max((low + high + 1) // 2, low + 1)  # then halve the interval
        out[i] = low
