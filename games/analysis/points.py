"""The card points still to come, both sides perfect: what is left to decide a hand's score
once no belot can be announced any more.

From such a trick start the final score is a function of one number only, the outcome: team
0's card points from here to the end (last ten included), plus one if team 0 took every trick
of the hand, minus one if team 1 did. Where that function never falls as the outcome rises,
the best play for the score is the best play for the outcome, so the hand-point search
(games.analysis.solver) asks this search for the outcome instead. Its values depend on the
cards left alone, not on what was won before, so its table serves every score so far, every
contract's scoring and every decision of the hand.
"""

from __future__ import annotations

import numpy as np

from games.analysis.stack import (
    F_A,
    F_ALPHA,
    F_B,
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
    T_HIGH,
    T_LOW,
    T_MOVE,
    _absorb,
    _find,
    _frame,
    _moves_from,
    _slot,
    _store,
)
from games.bots.jit import njit

# games.analysis.stack and the kernel's play rules, compiled into this module's code: a change
# to them wants this module's numba cache cleared (its files in __pycache__).
from games.bots.kernel import BEATEN, LAST_TRICK, POINT, _follow_mask, _low, _ordered, _popcount


@njit(inline=True)
def _sweep(flags: int) -> int:
    """The outcome's share of a finished hand's tricks: 1 if team 0 took them all, -1 if team
    1 did, else 0."""
    if flags == 1:
        return 1
    if flags == 2:
        return -1
    return 0


@njit(inline=True)
def _last_trick(tab: np.ndarray, hands: np.ndarray, fr: np.ndarray, d: int) -> int:
    """The outcome from a node of the last trick, where every card is forced."""
    seat, n = fr[d, F_SEAT], fr[d, F_COUNT]
    win_card, win_seat, pts = fr[d, F_WIN], fr[d, F_WIN_SEAT], fr[d, F_PTS]
    for i in range(4 - n):
        s = (seat + i) & 3
        c = _low(hands[s])
        pts += tab[POINT + c]
        if n + i == 0 or tab[BEATEN + win_card] >> c & 1:
            win_card, win_seat = c, s
    won = fr[d, F_C0] + (pts + LAST_TRICK if win_seat & 1 == 0 else 0)
    return int(won) + _sweep(fr[d, F_FLAGS] | (1 << (win_seat & 1)))


@njit
def outcome(
    tab: np.ndarray, hands: np.ndarray, seat: int, flags: int, rest: int, alpha: int,
    beta: int, tt: np.ndarray, fr: np.ndarray, moves: np.ndarray,
) -> int:  # fmt: skip
    """The outcome (see the module) of the trick start where `seat` leads, `flags` saying
    which team took a trick so far and `rest` the points left (last ten included); searched
    with the window (alpha, beta), fail-soft; `hands` is restored on return. Nothing in
    `hands` may still announce a belot."""
    _frame(fr, 0, seat, 0, -1, -1, -1, 0, alpha, beta, 0, rest, flags, 0, 0)
    d = 0
    fresh = True
    while True:
        seat = fr[d, F_SEAT]
        count = fr[d, F_COUNT]
        if fresh:
            fresh = False
            alpha, beta = fr[d, F_ALPHA], fr[d, F_BETA]
            hit = False
            value = 0
            first = -1
            if _popcount(hands[0] | hands[1] | hands[2] | hands[3]) == 4 - count:
                value = _last_trick(tab, hands, fr, d)
                hit = True
            elif count == 0:
                won, flags, rest = fr[d, F_C0], fr[d, F_FLAGS], fr[d, F_C1]
                top = won + rest + (0 if flags & 2 else 1)
                bottom = won - (0 if flags & 1 else 1)
                if top <= alpha:
                    value, hit = top, True
                elif bottom >= beta:
                    value, hit = bottom, True
                else:
                    k1 = hands[0] | (hands[1] << 32)
                    k2 = hands[2] | (hands[3] << 32)
                    k3 = seat | (flags << 2)
                    at = _find(tt, _slot(tt, k1, k2, k3), k1, k2, k3)
                    if at >= 0:  # the table holds values from this node on
                        first = tt[at, T_MOVE]
                        low, high = won + tt[at, T_LOW], won + tt[at, T_HIGH]
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
            hands[seat] = fr[d, F_HAND] ^ (1 << card)
            pts = fr[d, F_PTS] + tab[POINT + card]
            led = card >> 3 if count == 0 else fr[d, F_LED]
            if count == 0 or tab[BEATEN + fr[d, F_WIN]] >> card & 1:
                win_card, win_seat = card, seat
            else:
                win_card, win_seat = fr[d, F_WIN], fr[d, F_WIN_SEAT]
            a, b = fr[d, F_A], fr[d, F_B]
            won, rest, flags = fr[d, F_C0], fr[d, F_C1], fr[d, F_FLAGS]
            if count < 3:
                _frame(fr, d + 1, (seat + 1) & 3, count + 1, led, win_card, win_seat, pts, a, b,
                       won, rest, flags, 0, 0)  # fmt: skip
            else:
                last = not (hands[0] | hands[1] | hands[2] | hands[3])
                gained = pts + LAST_TRICK if last else pts
                if win_seat & 1 == 0:
                    won += gained
                flags |= 1 << (win_seat & 1)
                if last:
                    _absorb(fr, d, won + _sweep(flags))
                    continue
                _frame(fr, d + 1, win_seat, 0, -1, -1, -1, 0, a, b, won, rest - gained, flags,
                       0, 0)  # fmt: skip
            d += 1
            fresh = True
            continue
        else:
            hands[seat] = fr[d, F_HAND]
            value = fr[d, F_BEST]
            if count == 0:  # kept relative to the points won before the node
                won, flags = fr[d, F_C0], fr[d, F_FLAGS]
                k1 = hands[0] | (hands[1] << 32)
                k2 = hands[2] | (hands[3] << 32)
                k3 = seat | (flags << 2)
                best = fr[d, F_BEST_MOVE]
                _store(tt, _slot(tt, k1, k2, k3), k1, k2, k3, value - won, fr[d, F_ALPHA] - won,
                       fr[d, F_BETA] - won, _popcount(hands[0] | hands[1] | hands[2] | hands[3]),
                       moves[d, best] if best >= 0 else -1)  # fmt: skip
        d -= 1
        if d < 0:
            return value
        _absorb(fr, d, value)
