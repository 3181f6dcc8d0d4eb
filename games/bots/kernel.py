"""The bots' card-play kernel, compiled by numba: full-knowledge playouts and an exact solver.

Search spends its time here, so positions are small int64 arrays and a contract's tables one
int64 array, and `evaluate` values a whole batch of sampled worlds × candidate cards in one
compiled call. The kernel re-encodes the engine's play rules (legal cards, trick winner,
points, belot); tests check it against the engine on thousands of random positions.
Compiled code is cached on disk (see `games.bots.jit`); `warm_up` loads it before play.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from games.bots.jit import njit
from games.rules.cards import (
    ALL_TRUMPS,
    BEATEN_BY,
    BELOT_CARDS,
    NO_TRUMPS,
    PAIR_BIT,
    POINTS,
    STRENGTH,
    SUIT_MASK,
    TRUMP_MASK,
)
from games.rules.play import PlayRules

LAST_TRICK = 10
INFINITY = 10**6
BELOT_POINTS = 20
AS_IS = -1  # a candidate that plays nothing: `evaluate` values the root itself
SOLVE_ALL = 32  # a `solve_below` that solves every position exactly

# A contract's table (int64): per-card rows, then the rule flags.
BEATEN, POINT, STRONG, RANKED = 0, 32, 64, 96  # beaten-by mask, points, strength, and
# [suit * 8 + strength]: the card of that suit and strength
BETWEEN = 128  # [low * 32 + high]: cards of the suit strictly between the two (1024 entries)
MODE, TRUMPS, BELOTS_MASK, NEEDS_SUIT, PLAIN_RAISE, OVER_PARTNER, UNDERTRUMP = range(1152, 1159)
TABLE_SIZE = 1159

# A position (int64): the four hands, whose turn, the trick so far, what each team gained.
TO_ACT, COUNT, TRICK, LED, WIN_CARD, WIN_SEAT = 4, 5, 6, 10, 11, 12
GAINED, BELOTS, TRICKS = 13, 15, 17  # per team: card points (and last ten), belots, tricks
STATE_SIZE = 19

# What `evaluate` returns per (world, candidate), per team: card points (and last ten) won from
# the root on, tricks won (a solved ending counting one trick for a side with any points),
# belots announced (a pair still held when the solver takes over counting as announced).
CARDS_WON, TRICKS_WON, BELOTS_WON = 0, 2, 4
RESULT_SIZE = 6

EXACT, LOWER, UPPER = 0, 1, 2
TT_BITS = 17  # transposition table: 2**17 entries of (key, key, stamp, value)
MAX_DEPTH = 40  # solver frames: one per card played, and the root
F_SEAT, F_COUNT, F_LED, F_WIN, F_WIN_SEAT, F_PTS, F_ALPHA, F_BETA = range(8)
F_A, F_B, F_BEST, F_HAND, F_ADD, F_MOVES, F_NEXT = range(8, 15)
FRAME_SIZE = 15

_SUIT = np.array(SUIT_MASK, dtype=np.int64)
_PAIR = np.array(PAIR_BIT, dtype=np.int64)


def _debruijn() -> np.ndarray:
    """The lowest set bit's index from the top five bits of (mask & -mask) * 0x077CB531."""
    table = np.zeros(32, dtype=np.int64)
    for bit in range(32):
        table[((1 << bit) * 0x077CB531 & 0xFFFFFFFF) >> 27] = bit
    return table


_DEBRUIJN = _debruijn()


@dataclass(frozen=True, slots=True, eq=False)
class Context:
    """The tables of one contract, as the compiled kernel reads them."""

    rules: PlayRules
    needs_suit: bool
    table: np.ndarray

    @classmethod
    def of(cls, rules: PlayRules, needs_suit: bool) -> Context:
        """The context for a contract's play rules and the variant's belot condition."""
        return _context(rules, needs_suit)


@lru_cache(maxsize=64)
def _context(rules: PlayRules, needs_suit: bool) -> Context:
    mode = rules.mode
    strength = STRENGTH[mode]
    table = np.zeros(TABLE_SIZE, dtype=np.int64)
    for c in range(32):
        table[BEATEN + c] = BEATEN_BY[mode][c]
        table[POINT + c] = POINTS[mode][c]
        table[STRONG + c] = strength[c]
        table[RANKED + (c >> 3) * 8 + strength[c]] = c
    for low in range(32):
        for high in range(low & ~7, (low & ~7) + 8):
            lo, hi = sorted((strength[low], strength[high]))
            between = sum(1 << c for c in range(low & ~7, (low & ~7) + 8) if lo < strength[c] < hi)
            table[BETWEEN + low * 32 + high] = between
    flags = (mode, TRUMP_MASK[mode], BELOT_CARDS[mode], needs_suit, rules.plain_raise,
             rules.trump_over_partner, rules.undertrump)  # fmt: skip
    table[MODE:TABLE_SIZE] = flags
    return Context(rules, needs_suit, table)


@dataclass(frozen=True, slots=True)
class Start:
    """The public part of a search's root: whose turn, and the trick so far."""

    to_act: int
    trick: tuple[int, ...] = ()
    led: int = -1
    win_card: int = -1
    win_seat: int = -1


def _state(hands: Sequence[int], start: Start) -> np.ndarray:
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    state[:4] = hands
    state[TO_ACT], state[COUNT] = start.to_act, len(start.trick)
    state[TRICK : TRICK + len(start.trick)] = start.trick
    state[LED], state[WIN_CARD], state[WIN_SEAT] = start.led, start.win_card, start.win_seat
    return state


_TABLE = np.zeros((1 << TT_BITS, 4), dtype=np.int64)
_stamps = itertools.count(1)  # a fresh stamp per call: older table entries no longer match


def evaluate(
    ctx: Context, worlds: Sequence[Sequence[int]], start: Start, cards: Sequence[int],
    solve_below: int,
) -> np.ndarray:  # fmt: skip
    """For each world (four hands) and candidate card of the seat to act (or AS_IS): play it,
    then finish the hand. With at most `solve_below` cards left the rest is solved at once;
    with more, greedy play goes on to the first trick start with at most that many left, and
    the solver takes over there.

    Returns an int64 array [world, candidate, RESULT_SIZE] of what each team gains from the
    root on (see CARDS_WON, TRICKS_WON, BELOTS_WON).
    """
    hands = np.array(worlds, dtype=np.int64).reshape(len(worlds), 4)
    root = _state((0, 0, 0, 0), start)
    out = np.empty((len(hands), len(cards), RESULT_SIZE), dtype=np.int64)
    choices = np.array(cards, dtype=np.int64).reshape(len(cards))
    _evaluate(ctx.table, hands, root, choices, solve_below, _TABLE, next(_stamps), out)
    return out


def warm_up() -> None:
    """Load (or compile, the first time) the compiled kernel, so no decision waits for it."""
    ctx = Context.of(PlayRules(0), needs_suit=True)
    deal = [0xFF, 0xFF00, 0xFF0000, 0xFF000000]
    evaluate(ctx, [deal], Start(0), [0, 7], 8)


class Position:
    """Every hand known, as the kernel stores it: for tests and step-by-step callers."""

    __slots__ = ("state",)

    def __init__(
        self, hands: Sequence[int], to_act: int, trick: Sequence[int], led: int, win_card: int,
        win_seat: int,
    ) -> None:  # fmt: skip
        self.state = _state(hands, Start(to_act, tuple(trick), led, win_card, win_seat))

    def copy(self) -> Position:
        """An independent copy."""
        twin = Position.__new__(Position)
        twin.state = self.state.copy()
        return twin

    @property
    def hands(self) -> list[int]:
        return self.state[:4].tolist()

    @property
    def to_act(self) -> int:
        return int(self.state[TO_ACT])

    @property
    def trick(self) -> list[int]:
        return self.state[TRICK : TRICK + self.state[COUNT]].tolist()

    @property
    def points(self) -> list[int]:
        """Card points and last trick won from here on, per team."""
        return self.state[GAINED : GAINED + 2].tolist()

    @property
    def belots(self) -> list[int]:
        """Belots announced from here on, per team."""
        return self.state[BELOTS : BELOTS + 2].tolist()

    @property
    def tricks_won(self) -> list[int]:
        return self.state[TRICKS : TRICKS + 2].tolist()

    def legal(self, ctx: Context) -> int:
        """The cards the seat to act may play."""
        return int(_legal(ctx.table, self.state))

    def play(self, ctx: Context, card: int) -> None:
        """Play a card of the seat to act (the caller picks a legal one)."""
        _play(ctx.table, self.state, card)


def greedy_card(ctx: Context, pos: Position) -> int:
    """A quick natural card for full-knowledge playouts."""
    return int(_greedy_card(ctx.table, pos.state))


def playout(ctx: Context, pos: Position, solve_below: int) -> int:
    """Play greedily until `solve_below` cards remain at a trick start, then solve exactly.

    Returns team 0's exact lead in the card points still to come at the switch (0 when the
    playout went to the end); `pos.points` holds what the greedy part gained.
    """
    return int(_playout_one(ctx.table, pos.state, solve_below, _TABLE, next(_stamps)))


def solve(ctx: Context, pos: Position) -> int:
    """Team 0 minus team 1 in the card points still to come (the trick in progress included),
    both sides playing perfectly with every card known."""
    return int(_solve_one(ctx.table, pos.state, _TABLE, next(_stamps)))


# The compiled kernel: `tab` is a contract's table, `st` a position (layouts above).


@njit(inline=True)
def _popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(inline=True)
def _low(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return _DEBRUIJN[(((mask & -mask) * 0x077CB531) & 0xFFFFFFFF) >> 27]


@njit(inline=True)
def _held(st: np.ndarray) -> int:
    return st[0] | st[1] | st[2] | st[3]


@njit(inline=True)
def _follow_mask(
    tab: np.ndarray, hand: int, seat: int, led: int, win_card: int, win_seat: int
) -> int:
    """games.rules.play.legal_mask: the cards of `hand` that may go to a trick already led."""
    mode = tab[MODE]
    follow = hand & _SUIT[led]
    if follow:
        if mode == ALL_TRUMPS or led == mode or (tab[PLAIN_RAISE] and win_card >> 3 == led):
            higher = follow & tab[BEATEN + win_card]
            if higher:
                return higher
        return follow
    if mode >= NO_TRUMPS:
        return hand
    trumps = hand & _SUIT[mode]
    if not trumps or ((win_seat ^ seat) == 2 and not tab[OVER_PARTNER]):
        return hand
    if win_card >> 3 != mode:
        return trumps
    over = trumps & tab[BEATEN + win_card]
    if over:
        return over
    return trumps if tab[UNDERTRUMP] else hand


@njit
def _legal(tab: np.ndarray, st: np.ndarray) -> int:
    seat = st[TO_ACT]
    if st[COUNT] == 0:
        return st[seat]
    return _follow_mask(tab, st[seat], seat, st[LED], st[WIN_CARD], st[WIN_SEAT])


@njit
def _play(tab: np.ndarray, st: np.ndarray, card: int) -> None:
    seat = st[TO_ACT]
    bit = 1 << card
    hand = st[seat]
    n = st[COUNT]
    if (
        bit & tab[BELOTS_MASK]
        and hand & _PAIR[card]
        and (n == 0 or not tab[NEEDS_SUIT] or card >> 3 == st[LED])
    ):
        st[BELOTS + (seat & 1)] += BELOT_POINTS
    st[seat] = hand ^ bit
    if n == 0:
        st[LED], st[WIN_CARD], st[WIN_SEAT] = card >> 3, card, seat
    elif tab[BEATEN + st[WIN_CARD]] & bit:
        st[WIN_CARD], st[WIN_SEAT] = card, seat
    st[TRICK + n] = card
    if n < 3:
        st[COUNT] = n + 1
        st[TO_ACT] = (seat + 1) & 3
        return
    gained = 0
    for i in range(4):
        gained += tab[POINT + st[TRICK + i]]
    if _held(st) == 0:
        gained += LAST_TRICK
    winner = st[WIN_SEAT]
    st[GAINED + (winner & 1)] += gained
    st[TRICKS + (winner & 1)] += 1
    st[COUNT] = 0
    st[TO_ACT] = winner


@njit
def _cheapest(tab: np.ndarray, mask: int) -> int:
    """The card of fewest points, then lowest strength, then lowest index."""
    best, best_key = -1, 1 << 30
    while mask:
        c = _low(mask)
        mask &= mask - 1
        key = tab[POINT + c] * 8 + tab[STRONG + c]
        if key < best_key:
            best, best_key = c, key
    return best


@njit
def _beatable(tab: np.ndarray, st: np.ndarray, card: int, seat: int, later: int) -> bool:
    """An opponent still to play to this trick could beat `card`."""
    beaten = tab[BEATEN + card]
    led_mask = _SUIT[st[LED]]
    for i in range(1, later + 1):
        s = (seat + i) & 3
        if (s ^ seat) & 1:
            h = st[s]
            over = h & beaten
            if over and (over & led_mask or not h & led_mask):
                return True
    return False


@njit
def _greedy_card(tab: np.ndarray, st: np.ndarray) -> int:
    """A quick natural card: give points to a partner's safe trick, win cheaply and safely,
    else throw the cheapest card."""
    legal = _legal(tab, st)
    if not legal & (legal - 1):
        return _low(legal)
    if st[COUNT] == 0:
        return _greedy_lead(tab, st, legal)
    seat = st[TO_ACT]
    win_card = st[WIN_CARD]
    later = 3 - st[COUNT]
    if st[WIN_SEAT] == seat ^ 2 and not _beatable(tab, st, win_card, seat, later):
        best, best_key = -1, -1  # the most points, plain before trump, low before high
        mask = legal
        while mask:
            c = _low(mask)
            mask &= mask - 1
            plain = 1 - (tab[TRUMPS] >> c & 1)
            key = plain * 256 + tab[POINT + c] * 8 + 7 - tab[STRONG + c]
            if key > best_key:
                best, best_key = c, key
        return best
    winners = legal & tab[BEATEN + win_card]
    if winners:
        if later == 0:
            return _cheapest(tab, winners)
        safe = 0
        mask = winners
        while mask:
            c = _low(mask)
            mask &= mask - 1
            if not _beatable(tab, st, c, seat, later):
                safe |= 1 << c
        if safe:
            return _cheapest(tab, safe)
    return _cheapest(tab, legal)


@njit
def _ruffed(tab: np.ndarray, st: np.ndarray, card: int, seat: int) -> bool:
    """An opponent void in the card's plain suit could trump it."""
    if tab[MODE] >= NO_TRUMPS or tab[TRUMPS] >> card & 1:
        return False
    suit = _SUIT[card >> 3]
    trumps = tab[TRUMPS]
    for s in (seat ^ 1, seat ^ 3):
        if not st[s] & suit and st[s] & trumps:
            return True
    return False


@njit
def _greedy_lead(tab: np.ndarray, st: np.ndarray, options: int) -> int:
    """Lead a safe master, else a low card to the partner's master, else the cheapest card."""
    seat = st[TO_ACT]
    others = _held(st) & ~st[seat]
    opponents = st[seat ^ 1] | st[seat ^ 3]
    best, best_key = -1, -1
    mask = options
    while mask:
        c = _low(mask)
        mask &= mask - 1
        suit = _SUIT[c >> 3]
        if others & suit & tab[BEATEN + c] or _ruffed(tab, st, c, seat):
            continue
        key = (tab[POINT + c] + (5 if opponents & suit else 0)) * 8 + tab[STRONG + c]
        if key > best_key:
            best, best_key = c, key
    if best >= 0:
        return best
    partner = st[seat ^ 2]
    left = options
    while left:
        c = _cheapest(tab, left)
        left ^= 1 << c
        suit = _SUIT[c >> 3]
        tops = partner & suit
        while tops:
            top = _low(tops)
            tops &= tops - 1
            if not opponents & suit & tab[BEATEN + top]:
                if not _ruffed(tab, st, c, seat):
                    return c
                break
    best, best_key = -1, 1 << 30  # the cheapest, plain before trump
    mask = options
    while mask:
        c = _low(mask)
        mask &= mask - 1
        key = (tab[TRUMPS] >> c & 1) * 256 + tab[POINT + c] * 8 + tab[STRONG + c]
        if key < best_key:
            best, best_key = c, key
    return best


@njit(inline=True)
def _ordered(
    tab: np.ndarray, hands: np.ndarray, mask: int, seat: int, win_card: int, out: np.ndarray
) -> int:
    """Distinct choices into `out` (equal-point cards with nothing between them are one), the
    likely best first; returns how many. `out[8:]` holds their sort keys."""
    n = 0
    for suit in range(4):  # by suit, then strength
        sub = mask & _SUIT[suit]
        k = suit * 8
        while sub:
            c = tab[RANKED + k]
            k += 1
            if sub >> c & 1:
                out[n] = c
                n += 1
                sub ^= 1 << c
    if n == 1:
        return 1
    others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[seat]
    bar = tab[BEATEN + win_card] if win_card >= 0 else 0
    kept = 0
    prev = -1
    for j in range(n):
        c = out[j]
        if (
            prev >= 0
            and prev >> 3 == c >> 3
            and tab[POINT + prev] == tab[POINT + c]
            and not tab[BETWEEN + prev * 32 + c] & others
            and (bar >> prev & 1) == (bar >> c & 1)
        ):
            prev = c
            continue
        out[kept] = c
        kept += 1
        prev = c
    for j in range(kept):  # a stable insertion sort on the move key, best first
        c = out[j]
        if win_card < 0:
            key = -tab[STRONG + c] * 16 - tab[POINT + c]
        else:
            key = -(bar >> c & 1) * 64 - tab[POINT + c]
        i = j
        while i > 0 and out[8 + i - 1] > key:
            out[i] = out[i - 1]
            out[8 + i] = out[8 + i - 1]
            i -= 1
        out[i] = c
        out[8 + i] = key
    return kept


@njit(inline=True)
def _slot(hands: np.ndarray, seat: int) -> tuple[int, int, int]:
    """Where a trick start lives in the transposition table, and its two key words."""
    k1 = hands[0] | (hands[1] << 32)
    k2 = hands[2] | (hands[3] << 32)
    h = k1 * 0x5851F42D4C957F2D ^ (k2 + seat) * 0x14057B7EF767814F
    h ^= h >> 29
    return h & ((1 << TT_BITS) - 1), k1, k2


@njit
def _search(
    tab: np.ndarray, hands: np.ndarray, seat: int, n: int, led: int, win_card: int,
    win_seat: int, pts: int, tt: np.ndarray, stamp: int, fr: np.ndarray, moves: np.ndarray,
) -> int:  # fmt: skip
    """Alpha-beta with an explicit stack (numba cannot cache recursive functions) over
    `hands`, restored on return; a transposition table of values at trick starts.

    Each frame `fr[d]` is a node: its window, best so far, the moves in order and the next
    one, and `add`, the points of the trick that led to it (values are points to come)."""
    d = 0
    _frame(fr, 0, seat, n, led, win_card, win_seat, pts, -INFINITY, INFINITY, 0)
    fresh = True
    while True:
        seat = fr[d, F_SEAT]
        count = fr[d, F_COUNT]
        if fresh:
            fresh = False
            alpha, beta = fr[d, F_ALPHA], fr[d, F_BETA]
            hit = False
            value = 0
            if _popcount(hands[0] | hands[1] | hands[2] | hands[3]) == 4 - count:
                value = _last_trick(tab, hands, seat, fr, d)
                hit = True
            elif count == 0:
                slot, k1, k2 = _slot(hands, seat)
                if tt[slot, 0] == k1 and tt[slot, 1] == k2 and tt[slot, 2] == stamp * 4 + seat:
                    value = tt[slot, 3] >> 2
                    flag = tt[slot, 3] & 3
                    hit = (
                        flag == EXACT
                        or (flag == LOWER and value >= beta)
                        or (flag == UPPER and value <= alpha)
                    )
            if not hit:
                hand = hands[seat]
                if count == 0:
                    mask, win = hand, -1
                else:
                    win = fr[d, F_WIN]
                    mask = _follow_mask(tab, hand, seat, fr[d, F_LED], win, fr[d, F_WIN_SEAT])
                fr[d, F_MOVES] = _ordered(tab, hands, mask, seat, win, moves[d])
                fr[d, F_NEXT] = 0
                fr[d, F_HAND] = hand
                fr[d, F_A], fr[d, F_B] = alpha, beta
                fr[d, F_BEST] = -INFINITY if seat & 1 == 0 else INFINITY
                continue
            value += fr[d, F_ADD]
        elif fr[d, F_NEXT] < fr[d, F_MOVES] and fr[d, F_A] < fr[d, F_B]:
            card = moves[d, fr[d, F_NEXT]]
            fr[d, F_NEXT] += 1
            hands[seat] = fr[d, F_HAND] ^ (1 << card)
            pts = fr[d, F_PTS] + tab[POINT + card]
            if count == 0:
                led, win_card, win_seat = card >> 3, card, seat
            elif tab[BEATEN + fr[d, F_WIN]] >> card & 1:
                led, win_card, win_seat = fr[d, F_LED], card, seat
            else:
                led, win_card, win_seat = fr[d, F_LED], fr[d, F_WIN], fr[d, F_WIN_SEAT]
            a, b = fr[d, F_A], fr[d, F_B]
            if count < 3:
                _frame(fr, d + 1, (seat + 1) & 3, count + 1, led, win_card, win_seat, pts, a, b, 0)
            else:
                last = not (hands[0] | hands[1] | hands[2] | hands[3])
                gained = pts + LAST_TRICK if last else pts
                gained = gained if win_seat & 1 == 0 else -gained
                if last:
                    _absorb(fr, d, gained)
                    continue
                _frame(fr, d + 1, win_seat, 0, -1, -1, -1, 0, a - gained, b - gained, gained)
            d += 1
            fresh = True
            continue
        else:
            hands[seat] = fr[d, F_HAND]
            best = fr[d, F_BEST]
            if count == 0:
                slot, k1, k2 = _slot(hands, seat)
                if best >= fr[d, F_BETA]:
                    flag = LOWER
                elif best <= fr[d, F_ALPHA]:
                    flag = UPPER
                else:
                    flag = EXACT
                tt[slot, 0], tt[slot, 1], tt[slot, 2] = k1, k2, stamp * 4 + seat
                tt[slot, 3] = best * 4 + flag
            value = best + fr[d, F_ADD]
        d -= 1
        if d < 0:
            return value
        _absorb(fr, d, value)


@njit(inline=True)
def _frame(
    fr: np.ndarray, d: int, seat: int, count: int, led: int, win_card: int, win_seat: int,
    pts: int, alpha: int, beta: int, add: int,
) -> None:  # fmt: skip
    """Set up node `d`: the trick so far and the window it is searched with."""
    fr[d, F_SEAT], fr[d, F_COUNT], fr[d, F_LED], fr[d, F_WIN] = seat, count, led, win_card
    fr[d, F_WIN_SEAT], fr[d, F_PTS], fr[d, F_ALPHA], fr[d, F_BETA] = win_seat, pts, alpha, beta
    fr[d, F_ADD] = add


@njit(inline=True)
def _last_trick(tab: np.ndarray, hands: np.ndarray, seat: int, fr: np.ndarray, d: int) -> int:
    """The value of a node in the last trick, where every card left is forced."""
    n, win_card, win_seat, pts = fr[d, F_COUNT], fr[d, F_WIN], fr[d, F_WIN_SEAT], fr[d, F_PTS]
    for i in range(4 - n):
        s = (seat + i) & 3
        c = _low(hands[s])
        pts += tab[POINT + c]
        if n + i == 0 or tab[BEATEN + win_card] >> c & 1:
            win_card, win_seat = c, s
    gained = pts + LAST_TRICK
    return gained if win_seat & 1 == 0 else -gained


@njit(inline=True)
def _absorb(fr: np.ndarray, d: int, value: int) -> None:
    """A child's value into its parent's best and window."""
    if fr[d, F_SEAT] & 1 == 0:
        if value > fr[d, F_BEST]:
            fr[d, F_BEST] = value
            if value > fr[d, F_A]:
                fr[d, F_A] = value
    elif value < fr[d, F_BEST]:
        fr[d, F_BEST] = value
        if value < fr[d, F_B]:
            fr[d, F_B] = value


@njit
def _solve(
    tab: np.ndarray, st: np.ndarray, tt: np.ndarray, stamp: int, frames: np.ndarray,
    moves: np.ndarray,
) -> int:  # fmt: skip
    """Team 0 minus team 1 in the card points still to come from `st` (left unchanged)."""
    n = st[COUNT]
    pts = 0
    for i in range(n):
        pts += tab[POINT + st[TRICK + i]]
    hands = st[:4].copy()
    if n == 0:
        return _search(tab, hands, st[TO_ACT], 0, -1, -1, -1, 0, tt, stamp, frames, moves)
    return _search(tab, hands, st[TO_ACT], n, st[LED], st[WIN_CARD], st[WIN_SEAT], pts, tt,
                   stamp, frames, moves)  # fmt: skip


@njit
def _playout(
    tab: np.ndarray, st: np.ndarray, solve_below: int, tt: np.ndarray, stamp: int,
    frames: np.ndarray, moves: np.ndarray,
) -> int:  # fmt: skip
    """Greedy play until `solve_below` cards are left at a trick start, then the solver's
    value of the rest (0 when play reached the end)."""
    while True:
        left = _popcount(_held(st))
        if not left:
            return 0
        if left <= solve_below and st[COUNT] == 0:
            return _solve(tab, st, tt, stamp, frames, moves)
        _play(tab, st, _greedy_card(tab, st))


@njit
def _workspace() -> tuple[np.ndarray, np.ndarray]:
    """The solver's stack (frames, and each frame's moves and their keys), one per call."""
    return (np.zeros((MAX_DEPTH, FRAME_SIZE), dtype=np.int64),
            np.zeros((MAX_DEPTH, 16), dtype=np.int64))  # fmt: skip


@njit
def _solve_one(tab: np.ndarray, st: np.ndarray, tt: np.ndarray, stamp: int) -> int:
    frames, moves = _workspace()
    return _solve(tab, st, tt, stamp, frames, moves)


@njit
def _playout_one(
    tab: np.ndarray, st: np.ndarray, solve_below: int, tt: np.ndarray, stamp: int
) -> int:
    frames, moves = _workspace()
    return _playout(tab, st, solve_below, tt, stamp, frames, moves)


@njit
def _evaluate(
    tab: np.ndarray, worlds: np.ndarray, root: np.ndarray, cards: np.ndarray, solve_below: int,
    tt: np.ndarray, stamp: int, out: np.ndarray,
) -> None:  # fmt: skip
    """`evaluate` on arrays: fills `out[world, candidate]` (see RESULT_SIZE)."""
    frames, moves = _workspace()
    st = root.copy()
    for w in range(worlds.shape[0]):
        for i in range(cards.shape[0]):
            st[:] = root
            st[:4] = worlds[w]
            if cards[i] >= 0:
                _play(tab, st, cards[i])
            left = _popcount(_held(st))
            if 0 < left <= solve_below:
                diff = _solve(tab, st, tt, stamp, frames, moves)
            else:
                diff = _playout(tab, st, solve_below, tt, stamp, frames, moves)
            rest = 0
            for j in range(st[COUNT]):
                rest += tab[POINT + st[TRICK + j]]
            held = _held(st)
            if held or st[COUNT]:
                rest += LAST_TRICK
            while held:
                rest += tab[POINT + _low(held)]
                held &= held - 1
            for team in range(2):
                split = (rest + diff) // 2 if team == 0 else (rest - diff) // 2
                belots = st[BELOTS + team]
                for seat in (team, team + 2):
                    pairs = st[seat] & tab[BELOTS_MASK]
                    for suit in range(4):
                        if _popcount(pairs & _SUIT[suit]) == 2:
                            belots += BELOT_POINTS
                out[w, i, CARDS_WON + team] = st[GAINED + team] + split
                out[w, i, TRICKS_WON + team] = st[TRICKS + team] + (1 if split > 0 else 0)
                out[w, i, BELOTS_WON + team] = belots
