"""A fast card-play kernel on bitmasks: full-knowledge playouts and a double-dummy solver.

It re-encodes only what search needs (trick winner, points, belot) from the engine's tables
and uses the engine's own `legal_mask`; tests compare it with the engine on many positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.rules.cards import (
    BEATEN_BY,
    BELOT_CARDS,
    NO_TRUMPS,
    PAIR_BIT,
    POINTS,
    STRENGTH,
    SUIT_MASK,
    TRUMP_MASK,
)
from games.rules.play import PlayRules, legal_mask

LAST_TRICK = 10
INFINITY = 10**6
BELOT_POINTS = 20


@dataclass(frozen=True, slots=True)
class Context:
    """The tables of one contract."""

    rules: PlayRules
    beaten: tuple[int, ...]
    points: tuple[int, ...]
    strength: tuple[int, ...]
    trumps: int
    belot_cards: int
    needs_suit: bool
    between: tuple[int, ...]  # [low * 32 + high]: cards of the suit strictly between the two
    suit_order: tuple[int, ...]  # sort key: suit, then strength

    @classmethod
    def of(cls, rules: PlayRules, needs_suit: bool) -> Context:
        """The context for a contract's play rules and the variant's belot condition."""
        mode = rules.mode
        return cls(
            rules, BEATEN_BY[mode], POINTS[mode], STRENGTH[mode], TRUMP_MASK[mode],
            BELOT_CARDS[mode], needs_suit, _between(mode),
            tuple((c >> 3) * 8 + STRENGTH[mode][c] for c in range(32)),
        )  # fmt: skip


@lru_cache(maxsize=8)
def _between(mode: int) -> tuple[int, ...]:
    """For two cards of one suit, the mask of the suit's cards of strength strictly between."""
    strength = STRENGTH[mode]
    table = [0] * 1024
    for low in range(32):
        for high in range(32):
            if low >> 3 == high >> 3:
                lo, hi = sorted((strength[low], strength[high]))
                for c in range(low & ~7, (low & ~7) + 8):
                    if lo < strength[c] < hi:
                        table[low * 32 + high] |= 1 << c
    return tuple(table)


class Position:
    """Every hand known: whose turn, the trick so far, and what each team has gained since."""

    __slots__ = ("belots", "hands", "led", "points", "to_act", "trick", "tricks_won", "win_card",
                 "win_seat")  # fmt: skip

    def __init__(
        self, hands: list[int], to_act: int, trick: list[int], led: int, win_card: int,
        win_seat: int,
    ) -> None:  # fmt: skip
        self.hands = hands
        self.to_act = to_act
        self.trick = trick
        self.led = led
        self.win_card = win_card
        self.win_seat = win_seat
        self.points = [0, 0]  # card points and last trick won from here on
        self.belots = [0, 0]  # belots announced from here on
        self.tricks_won = [0, 0]

    def copy(self) -> Position:
        """An independent copy."""
        twin = Position(
            list(self.hands), self.to_act, list(self.trick), self.led, self.win_card, self.win_seat
        )
        twin.points = list(self.points)
        twin.belots = list(self.belots)
        twin.tricks_won = list(self.tricks_won)
        return twin

    def legal(self, ctx: Context) -> int:
        """The cards the seat to act may play."""
        hand = self.hands[self.to_act]
        if not self.trick:
            return hand
        return legal_mask(hand, self.to_act, self.led, self.win_card, self.win_seat, ctx.rules)

    def play(self, ctx: Context, card: int) -> None:
        """Play a card of the seat to act (the caller picks a legal one)."""
        seat = self.to_act
        bit = 1 << card
        hand = self.hands[seat]
        trick = self.trick
        if (
            bit & ctx.belot_cards
            and hand & PAIR_BIT[card]
            and (not trick or not ctx.needs_suit or card >> 3 == self.led)
        ):
            self.belots[seat & 1] += BELOT_POINTS
        self.hands[seat] = hand ^ bit
        if not trick:
            self.led, self.win_card, self.win_seat = card >> 3, card, seat
        elif ctx.beaten[self.win_card] & bit:
            self.win_card, self.win_seat = card, seat
        trick.append(card)
        if len(trick) < 4:
            self.to_act = (seat + 1) & 3
            return
        table = ctx.points
        gained = table[trick[0]] + table[trick[1]] + table[trick[2]] + table[trick[3]]
        winner = self.win_seat
        if not any(self.hands):
            gained += LAST_TRICK
        self.points[winner & 1] += gained
        self.tricks_won[winner & 1] += 1
        self.trick = []
        self.to_act = winner

    @property
    def cards_left(self) -> int:
        """Cards still to be played."""
        h = self.hands
        return (h[0] | h[1] | h[2] | h[3]).bit_count()


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def greedy_card(ctx: Context, pos: Position) -> int:
    """A quick natural card for full-knowledge playouts."""
    legal = pos.legal(ctx)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    seat = pos.to_act
    hands = pos.hands
    points, strength, beaten = ctx.points, ctx.strength, ctx.beaten
    options = _cards(legal)
    if not pos.trick:
        return _greedy_lead(ctx, pos, options)
    win_card, win_seat = pos.win_card, pos.win_seat
    later = [(seat + i) & 3 for i in range(1, 4 - len(pos.trick))]
    led_mask = SUIT_MASK[pos.led]

    def beatable(card: int) -> bool:
        for s in later:
            if (s ^ seat) & 1:
                h = hands[s]
                over = h & beaten[card]
                if over and (over & led_mask or not h & led_mask):
                    return True
        return False

    if win_seat == seat ^ 2 and not beatable(win_card):
        return max(options, key=lambda c: (not ctx.trumps >> c & 1, points[c], -strength[c]))
    winners = [c for c in options if beaten[win_card] >> c & 1]
    if winners:
        if not later:
            return min(winners, key=lambda c: (points[c], strength[c]))
        safe = [c for c in winners if not beatable(c)]
        if safe:
            return min(safe, key=lambda c: (points[c], strength[c]))
    return min(options, key=lambda c: (points[c], strength[c]))


def _greedy_lead(ctx: Context, pos: Position, options: list[int]) -> int:
    """Lead a safe master, else a low card to the partner's master, else the cheapest card."""
    seat = pos.to_act
    hands = pos.hands
    points, strength, beaten = ctx.points, ctx.strength, ctx.beaten
    others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[seat]
    opponents = hands[seat ^ 1] | hands[seat ^ 3]
    suit_contract = ctx.rules.mode < NO_TRUMPS

    def ruffed(card: int) -> bool:
        """An opponent void in the card's plain suit could trump it."""
        if not suit_contract or ctx.trumps >> card & 1:
            return False
        suit = SUIT_MASK[card >> 3]
        return any(not hands[s] & suit and hands[s] & ctx.trumps for s in (seat ^ 1, seat ^ 3))

    best = -1
    best_key = (-1, -1)
    for card in options:
        suit = SUIT_MASK[card >> 3]
        if others & suit & beaten[card] or ruffed(card):
            continue
        key = (points[card] + (5 if opponents & suit else 0), strength[card])
        if key > best_key:
            best, best_key = card, key
    if best >= 0:
        return best
    partner = hands[seat ^ 2]
    for card in sorted(options, key=lambda c: (points[c], strength[c])):
        suit = SUIT_MASK[card >> 3]
        top = [c for c in _cards(partner & suit) if not (opponents & suit & beaten[c])]
        if top and not ruffed(card):
            return card
    return min(options, key=lambda c: (ctx.trumps >> c & 1, points[c], strength[c]))


def playout(ctx: Context, pos: Position, solve_below: int) -> int:
    """Play greedily until `solve_below` cards remain at a trick start, then solve exactly.

    Returns team 0's exact lead in the card points still to come at the switch (0 when the
    playout went to the end); `pos.points` holds what the greedy part gained.
    """
    while True:
        left = pos.cards_left
        if not left:
            return 0
        if left <= solve_below and not pos.trick:
            return solve(ctx, pos)
        pos.play(ctx, greedy_card(ctx, pos))


EXACT, LOWER, UPPER = 0, 1, 2


def solve(ctx: Context, pos: Position) -> int:
    """Team 0 minus team 1 in the card points still to come (the trick in progress included),
    both sides playing perfectly with every card known.

    Alpha-beta over bitmasks, make/unmake on one list, a table of values at trick starts.
    """
    hands = list(pos.hands)
    rules, beaten, points, strength = ctx.rules, ctx.beaten, ctx.points, ctx.strength
    table: dict[tuple[int, ...], tuple[int, int]] = {}

    between, suit_order = ctx.between, ctx.suit_order.__getitem__

    def ordered(mask: int, seat: int, win_card: int) -> list[int]:
        """Distinct choices only (equal-point cards with nothing between them are one), the
        likely best first."""
        options = _cards(mask)
        if len(options) == 1:
            return options
        options.sort(key=suit_order)
        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[seat]
        bar = beaten[win_card] if win_card >= 0 else 0
        kept = []
        prev = -1
        for c in options:
            if (
                prev >= 0
                and prev >> 3 == c >> 3
                and points[prev] == points[c]
                and not between[prev * 32 + c] & others
                and (bar >> prev & 1) == (bar >> c & 1)
            ):
                prev = c
                continue
            kept.append(c)
            prev = c
        if len(kept) > 1:
            if win_card < 0:
                kept.sort(key=lambda c: -strength[c] * 16 - points[c])
            else:
                kept.sort(key=lambda c: -(bar >> c & 1) * 64 - points[c])
        return kept

    def search(seat: int, n: int, led: int, win_card: int, win_seat: int, pts: int,
               alpha: int, beta: int) -> int:  # fmt: skip
        if n == 4:
            last = not (hands[0] | hands[1] | hands[2] | hands[3])
            gained = pts + LAST_TRICK if last else pts
            gained = gained if win_seat & 1 == 0 else -gained
            if last:
                return gained
            return gained + search(win_seat, 0, -1, -1, -1, 0, alpha - gained, beta - gained)
        key = None
        if n == 0:
            key = (hands[0], hands[1], hands[2], hands[3], seat)
            hit = table.get(key)
            if hit is not None:
                value, flag = hit
                if (
                    flag == EXACT
                    or (flag == LOWER and value >= beta)
                    or (flag == UPPER and value <= alpha)
                ):
                    return value
        hand = hands[seat]
        mask = hand if n == 0 else legal_mask(hand, seat, led, win_card, win_seat, rules)
        maximize = seat & 1 == 0
        best = -INFINITY if maximize else INFINITY
        a, b = alpha, beta
        nxt = (seat + 1) & 3
        for card in ordered(mask, seat, win_card):
            hands[seat] = hand ^ (1 << card)
            if n == 0:
                value = search(nxt, 1, card >> 3, card, seat, points[card], a, b)
            elif beaten[win_card] >> card & 1:
                value = search(nxt, n + 1, led, card, seat, pts + points[card], a, b)
            else:
                value = search(nxt, n + 1, led, win_card, win_seat, pts + points[card], a, b)
            if maximize:
                if value > best:
                    best = value
                    if best > a:
                        a = best
            elif value < best:
                best = value
                if best < b:
                    b = best
            if a >= b:
                break
        hands[seat] = hand
        if key is not None:
            flag = LOWER if best >= beta else UPPER if best <= alpha else EXACT
            table[key] = (best, flag)
        return best

    pts = sum(points[c] for c in pos.trick)
    n = len(pos.trick)
    if n == 0:
        return search(pos.to_act, 0, -1, -1, -1, 0, -INFINITY, INFINITY)
    return search(pos.to_act, n, pos.led, pos.win_card, pos.win_seat, pts, -INFINITY, INFINITY)
