"""Each call of a finished hand's auction, valued from the caller's own view: over worlds of
the unseen cards (seeded), make the call, let every seat bid on naturally, play the deal out
(natural play, the last two tricks solved), and score it for the caller's team in hand points.
The call made is set against passing and the best alternative among the calls weighed."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.bots.bidding import choose_bid
from games.bots.kernel import AS_IS, Context, Start, evaluate
from games.bots.medium import finish
from games.bots.outcome import Outcome
from games.bots.sampling import WorldSampler
from games.bots.view import SeatView, read_view
from games.rules.actions import CONTRACT, PASS, Bid
from games.rules.cards import CARDS
from games.rules.hand import HandState, action_from_json

# Worlds per call (each call weighed plays every world out once).
AUCTION_WORLDS = 12
MANY_CALLS = 7  # more legal calls than this: only the likely ones are weighed
SOLVE_BELOW = 8  # playouts solve the last two tricks, as the bots' bidding does


def analyse_auction(
    hand: Mapping[str, Any], *, seed: int, worlds: int = AUCTION_WORLDS
) -> list[dict[str, Any]]:
    """Every call made with a choice: each weighed call's expected score, the loss of the call
    made against the best one weighed, and what passing would have scored."""
    state = HandState.from_json({**hand, "actions": []})
    calls = []
    for number, data in enumerate(hand["actions"]):
        seat, action = action_from_json(state.variant, data)
        if state.phase != "bidding":
            break
        if isinstance(action, Bid) and len(state.legal_actions()) > 1:
            view = read_view(state.view(seat))
            rng = random.Random(seed * 1_000 + number)  # noqa: S311 (replayable)
            calls.append(_call(view, action, number, worlds, rng))
        state.apply(action, seat)
    return calls


def _options(view: SeatView, made: Bid) -> list[Bid]:
    """The call made, then every other legal call; where there are many (Coinche's values),
    passing, the natural call and the cheapest contract in each strain."""
    legal = [bid for bid in view.legal if isinstance(bid, Bid)]
    if len(legal) > MANY_CALLS:
        cheapest: dict[int, Bid] = {}
        for bid in legal:
            if bid.kind == CONTRACT and bid.strain is not None:
                known = cheapest.get(bid.strain)
                if known is None or (bid.value or 0) < (known.value or 0):
                    cheapest[bid.strain] = bid
        legal = [bid for bid in (Bid(PASS), choose_bid(view), *cheapest.values()) if bid in legal]
    return [made] + [bid for bid in dict.fromkeys(legal) if bid != made]


def _call(
    view: SeatView, made: Bid, number: int, worlds: int, rng: random.Random
) -> dict[str, Any]:
    options = _options(view, made)
    sampler = WorldSampler(view)
    totals = [0.0] * len(options)
    for _ in range(worlds):
        world = sampler.sample(rng)
        state = _dealt(view, world, rng)
        for i, bid in enumerate(options):
            totals[i] += _value(view, state, bid, world)
    values = [round(t / worlds, 1) for t in totals]
    best = max(values)
    passing = values[options.index(Bid(PASS))] if Bid(PASS) in options else None
    return {
        "action": number,
        "seat": view.seat,
        "call": str(made),
        "calls": [{"call": str(b), "value": v} for b, v in zip(options, values, strict=True)],
        "best": [str(b) for b, v in zip(options, values, strict=True) if v == best],
        "value": values[0],
        "passing": passing,
        "loss": round(best - values[0], 1),
    }


def _dealt(view: SeatView, world: Sequence[int], rng: random.Random) -> HandState:
    """The world dealt as a hand (the seat's own cards where it saw them), auction so far;
    French Belote's draw comes from the cards the bidders have not seen, in a random order."""
    hands = []
    for seat in range(4):
        cards = [c for c in range(32) if world[seat] >> c & 1]
        rng.shuffle(cards)
        if seat == view.seat:
            cards.sort(key=lambda c: not view.hand >> c & 1)
        hands.append(cards)
    first = sum(view.variant.packets)
    deck = view.variant.hands_to_deck([cards[:first] for cards in hands], view.dealer)
    if len(deck) < len(CARDS):
        # French Belote: the turned card comes next, then the cards of the taker's draw.
        rest = [c for cards in hands for c in cards[first:] if c != view.turned]
        rng.shuffle(rest)
        deck += [CARDS[c] for c in ([view.turned] if view.turned >= 0 else []) + rest]
    state = HandState.new(view.variant, dealer=view.dealer, deck=deck)
    for seat, bid in view.bids:
        state.apply(bid, seat)
    return state


def _value(view: SeatView, dealt: HandState, bid: Bid, world: Sequence[int]) -> float:
    """The caller's team's hand points minus the other's: the call, natural calls on, play."""
    state = dealt.clone()
    state.apply(bid, view.seat)
    while state.phase == "bidding":
        seat = state.auction.to_act
        state.apply(choose_bid(read_view(state.view(seat))), seat)
    contract = state.contract
    if contract is None:
        return 0.0  # thrown in
    variant = view.variant
    ctx = Context.of(variant.play_rules(contract), variant.belot_needs_suit)
    full = [sum(1 << int(c) for c in cards) for cards in state.dealt]
    outcome = Outcome(view, contract)
    row = evaluate(ctx, [full], Start((view.dealer + 1) % 4), [AS_IS], SOLVE_BELOW)[0, 0].tolist()
    return finish(outcome, outcome.declared(full), ((0, 0), (0, 0)), row)
