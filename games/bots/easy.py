"""The easy level: natural bidding and card play from what the seat has seen, no search."""

from __future__ import annotations

import random

from games.bots.base import Bot
from games.bots.bidding import choose_bid
from games.bots.inference import Knowledge, infer
from games.bots.view import SeatView
from games.rules.actions import PLAYS, Action
from games.rules.cards import BEATEN_BY, NO_TRUMPS, POINTS, STRENGTH, SUIT_MASK, TRUMP_MASK


def cards(mask: int) -> list[int]:
    """Card indices of a mask, low to high."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Table:
    """The trick in progress and the card tables of the contract, seen from one seat."""

    def __init__(self, view: SeatView, knowledge: Knowledge) -> None:
        contract = view.contract
        if contract is None:
            raise ValueError("card play needs a contract")
        self.view = view
        self.k = knowledge
        self.mode = contract.mode
        self.trumps = TRUMP_MASK[self.mode]
        self.beaten = BEATEN_BY[self.mode]
        self.points = POINTS[self.mode]
        self.strength = STRENGTH[self.mode]
        self.seat = view.seat
        self.partner = view.seat ^ 2
        self.bidders = contract.team == view.team
        self.trick = view.trick
        self.leader = view.trick_leader
        self.win_card = self.win_seat = -1
        for i, card in enumerate(self.trick):
            if i == 0 or self.beaten[self.win_card] >> card & 1:
                self.win_card, self.win_seat = card, (self.leader + i) % 4
        # Seats still to play after this one in the current trick.
        self.after = [(self.seat + i) % 4 for i in range(1, 4 - len(self.trick))]

    def key(self, card: int) -> tuple[int, int]:
        """Order for throwing away: fewest points, then weakest."""
        return self.points[card], self.strength[card]

    def is_master(self, card: int) -> bool:
        """No unseen card of the suit is stronger (the card would win a lead of its suit)."""
        suit = SUIT_MASK[card >> 3]
        others = self.k.unseen & suit
        return not any(self.strength[c] > self.strength[card] for c in cards(others))

    def may_beat(self, seat: int, card: int) -> bool:
        """Whether a later seat might hold a card that wins over `card` in this trick."""
        allowed = self.k.allowed(seat)
        over = allowed & self.beaten[card]
        if not over:
            return False
        led = self.trick[0] >> 3 if self.trick else card >> 3
        if over & SUIT_MASK[led]:
            return True
        # Winning by trumping needs a void in the suit led.
        return not allowed & SUIT_MASK[led]

    def safe(self, card: int) -> bool:
        """Whether no opponent still to play can win over `card`."""
        return not any(self.may_beat(s, card) for s in self.after if (s ^ self.seat) & 1)

    def trick_points(self) -> int:
        """Points already in the trick."""
        return sum(self.points[c] for c in self.trick)


def lead(t: Table, legal: list[int]) -> int:
    """Lead: draw trumps as bidders, cash masters, let the partner ruff, else lead low."""
    k = t.k
    opponents = (t.seat ^ 1, t.seat ^ 3)
    opp_trumps = any(k.allowed(s) & t.trumps for s in opponents)
    mine_trumps = [c for c in legal if t.trumps >> c & 1]
    suit_contract = t.mode < NO_TRUMPS
    if suit_contract and t.bidders and mine_trumps and opp_trumps:
        masters = [c for c in mine_trumps if t.is_master(c)]
        if masters:
            return max(masters, key=t.strength.__getitem__)
        if t.view.contract is not None and t.view.contract.seat == t.seat and len(mine_trumps) >= 3:
            return min(mine_trumps, key=t.key)

    def ruffed(card: int) -> bool:
        suit = SUIT_MASK[card >> 3]
        return suit_contract and any(
            not k.allowed(s) & suit and k.allowed(s) & t.trumps for s in opponents
        )

    masters = [c for c in legal if t.is_master(c) and not ruffed(c) and not t.trumps >> c & 1]
    if t.mode >= NO_TRUMPS:
        masters = [c for c in legal if t.is_master(c)]
    if masters:
        return max(masters, key=lambda c: (t.points[c], t.strength[c]))
    if suit_contract and not t.bidders:
        partner = k.allowed(t.partner)
        for card in sorted(legal, key=t.key):
            suit = SUIT_MASK[card >> 3]
            if not partner & suit and partner & t.trumps and not t.trumps >> card & 1:
                return card

    def lead_cost(card: int) -> tuple[int, int, int]:
        suit = SUIT_MASK[card >> 3]
        mine = t.view.hand & suit
        trump = 1 if suit_contract and t.trumps >> card & 1 else 0
        exposed = 1 if ruffed(card) else 0
        # Leading away from a ten that the ace still out would catch.
        bare_ten = any(t.points[c] == 10 and not t.is_master(c) for c in cards(mine))
        return trump + exposed + bare_ten, t.points[card], -mine.bit_count()

    return min(legal, key=lead_cost)


def follow(t: Table, legal: list[int]) -> int:
    """Follow: feed a partner who wins safely, win cheaply when it pays, else throw least."""
    last = not t.after
    if t.win_seat == t.partner and t.safe(t.win_card):
        # The trick is ours: add points, but keep masters and high trumps for later tricks.
        def feed(card: int) -> tuple[int, int, int]:
            keep = t.is_master(card) and t.points[card] >= 10
            trump = t.mode < NO_TRUMPS and t.trumps >> card & 1
            return (0 if keep or trump else 1), t.points[card], -t.strength[card]

        return max(legal, key=feed)
    winners = [c for c in legal if t.beaten[t.win_card] >> c & 1]
    if winners:
        cheapest = min(winners, key=t.key)
        if last:
            return cheapest
        safe = [c for c in winners if t.safe(c)]
        if safe:
            return min(safe, key=t.key)
        partner_to_play = t.partner in t.after
        if not partner_to_play and t.trick_points() >= 10:
            return cheapest
    return min(legal, key=lambda c: (t.is_master(c) and t.points[c] >= 10, *t.key(c)))


def choose_card(view: SeatView, knowledge: Knowledge | None = None) -> int:
    """The easy level's card."""
    k = knowledge if knowledge is not None else infer(view)
    t = Table(view, k)
    legal = view.legal_cards
    return lead(t, legal) if not t.trick else follow(t, legal)


class EasyBot(Bot):
    """Rule-based: natural bids from hand strength, natural card play from what was seen."""

    name = "easy"

    def decide(self, view: SeatView, budget_ms: float, rng: random.Random) -> Action:
        if view.phase == "bidding":
            return choose_bid(view)
        return PLAYS[choose_card(view)]
