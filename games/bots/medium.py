"""The medium level: sampled worlds valued by fast playouts and exact endings, bids likewise."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.bots.base import Bot
from games.bots.bidding import choose_bid, strain_margin
from games.bots.easy import choose_card as easy_card
from games.bots.inference import infer
from games.bots.kernel import LAST_TRICK, Context, Position, playout, solve
from games.bots.outcome import Outcome
from games.bots.sampling import WorldSampler
from games.bots.view import SeatView
from games.rules.actions import CONTRACT, DOUBLE, PASS, PLAYS, REDOUBLE, Action, Bid
from games.rules.cards import BEATEN_BY, BELOT_CARDS, KQ_MASK, SUIT_MASK
from games.rules.variants.base import Contract

EXACT_CARDS = 12  # cards left in play from which every candidate is solved exactly
DEEP_FROM = 20  # from this many cards left, playouts solve the last three tricks...
SOLVE_DEEP, SOLVE_SHALLOW = 12, 8  # ...before it, only the last two (to keep within time)
BID_SOLVE_BELOW = 8  # bidding playouts solve the last two tricks
MIN_WORLDS, MAX_WORLDS = 6, 48
BID_MARGIN = 2  # a bid must beat passing by this many hand points on average


def _remaining_points(ctx: Context, pos: Position) -> int:
    """Card points (and the last-trick ten) still to be won from a position."""
    left = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
    total = sum(ctx.points[c] for c in pos.trick)
    while left:
        low = left & -left
        total += ctx.points[low.bit_length() - 1]
        left ^= low
    return total + LAST_TRICK if pos.cards_left or pos.trick else total


def finish(
    ctx: Context, pos: Position, outcome: Outcome, declared: Sequence[int],
    base: tuple[Sequence[int], Sequence[int]], solve_below: int,
) -> int:  # fmt: skip
    """Value of a position for the seat: playout (or solve) to the end, then score the hand."""
    if 0 < pos.cards_left <= solve_below:
        diff = solve(ctx, pos)
    else:
        diff = playout(ctx, pos, solve_below)
    rest = _remaining_points(ctx, pos)
    split = ((rest + diff) // 2, (rest - diff) // 2)
    belots = list(pos.belots)
    pairs = BELOT_CARDS[ctx.rules.mode] & KQ_MASK
    for seat in range(4):
        held = pos.hands[seat] & pairs
        for suit in range(4):
            if (held & SUIT_MASK[suit]).bit_count() == 2:
                belots[seat & 1] += 20
    won, tricks = base
    cards = [won[t] + pos.points[t] + split[t] for t in (0, 1)]
    count = [tricks[t] + pos.tricks_won[t] + (split[t] > 0) for t in (0, 1)]
    return outcome.value(cards, declared, belots, count)


def trick_state(view: SeatView) -> tuple[int, int, int]:
    """The suit led, the winning card and its seat in the trick in progress (-1 if none)."""
    if not view.trick or view.contract is None:
        return -1, -1, -1
    beaten = BEATEN_BY[view.contract.mode]
    win_card, win_seat = view.trick[0], view.trick_leader
    for i, card in enumerate(view.trick[1:], start=1):
        if beaten[win_card] >> card & 1:
            win_card, win_seat = card, (view.trick_leader + i) % 4
    return view.trick[0] >> 3, win_card, win_seat


def search_card(view: SeatView, worlds: int, rng: random.Random) -> int:
    """The card with the best average value over sampled worlds."""
    legal = [a.card for a in view.legal]  # type: ignore[union-attr]
    knowledge = infer(view)
    sampler = WorldSampler(view, knowledge)
    contract = view.contract
    rules = view.rules()
    if contract is None or rules is None:
        raise ValueError("card play needs a contract")
    outcome = Outcome(view, contract)
    ctx = Context.of(rules, view.variant.belot_needs_suit)
    led, win_card, win_seat = trick_state(view)
    base = (view.won_points, view.tricks_won)
    left = (knowledge.unseen | view.hand).bit_count()
    exact = left <= EXACT_CARDS
    solve_below = SOLVE_DEEP if left <= DEEP_FROM else SOLVE_SHALLOW
    totals = [0] * len(legal)
    for _ in range(worlds):
        world = sampler.sample(rng)
        declared = outcome.declared(world)
        root = Position(list(world), view.seat, list(view.trick), led, win_card, win_seat)
        for i, card in enumerate(legal):
            pos = root.copy()
            pos.play(ctx, card)
            below = pos.cards_left if exact else solve_below
            totals[i] += finish(ctx, pos, outcome, declared, base, below)
    natural = easy_card(view, knowledge)
    best = max(range(len(legal)), key=lambda i: (totals[i], legal[i] == natural))
    return legal[best]


def _simulate(view: SeatView, world: Sequence[int], contract: Contract) -> int:
    """Value for the seat of playing a whole deal under `contract` (every hand known)."""
    variant = view.variant
    ctx = Context.of(variant.play_rules(contract), variant.belot_needs_suit)
    outcome = Outcome(view, contract)
    pos = Position(list(world), (view.dealer + 1) % 4, [], -1, -1, -1)
    return finish(ctx, pos, outcome, outcome.declared(world), ((0, 0), (0, 0)), BID_SOLVE_BELOW)


def sampled_bid(view: SeatView, worlds: int, rng: random.Random) -> Action:
    """Natural bidding, with the choice among sound strains and every double settled by
    playing the candidate contracts over deals of the unseen cards."""
    natural = choose_bid(view)
    legal = [a for a in view.legal if isinstance(a, Bid)]
    standing = view.contract
    options: list[tuple[Bid, Contract | None]] = []
    for bid in legal:
        sound = bid.strain is not None and strain_margin(view, bid.strain) >= 0
        if bid.kind == CONTRACT and (sound or bid == natural):
            options.append((bid, Contract(bid, view.seat)))
        elif bid.kind == PASS:
            options.append((bid, standing))
        elif standing is not None and bid == natural and bid.kind in (DOUBLE, REDOUBLE):
            factor = 2 if bid.kind == DOUBLE else 4
            options.append((bid, Contract(standing.bid, standing.seat, factor)))
    if len(options) < 2 or natural.kind == PASS:
        return natural
    sampler = WorldSampler(view)
    totals = [0] * len(options)
    for _ in range(worlds):
        world = sampler.sample(rng)
        for i, (_, contract) in enumerate(options):
            if contract is not None:
                totals[i] += _simulate(view, world, contract)
    passing = next((i for i, (bid, _) in enumerate(options) if bid.kind == PASS), None)
    bids = [i for i in range(len(options)) if i != passing]
    best = max(bids, key=totals.__getitem__)
    if options[best][0].kind in (DOUBLE, REDOUBLE) and passing is not None:
        # A double must pay on these deals, not only look strong.
        if totals[best] < totals[passing] + BID_MARGIN * worlds:
            return options[passing][0]
    return options[best][0]


class MediumBot(Bot):
    """Sampling search: many consistent worlds, playouts, exact last tricks."""

    name = "medium"
    playouts_per_ms = 1.2  # a fixed amount of work per budget, not a clock: replayable
    bid_worlds_per_ms = 0.2

    def decide(self, view: SeatView, budget_ms: float, rng: random.Random) -> Action:
        if view.phase == "bidding":
            worlds = max(4, int(budget_ms * self.bid_worlds_per_ms))
            return sampled_bid(view, worlds, rng)
        playouts = budget_ms * self.playouts_per_ms
        worlds = min(MAX_WORLDS, max(MIN_WORLDS, int(playouts / len(view.legal))))
        return PLAYS[search_card(view, worlds, rng)]
