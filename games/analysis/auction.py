"""Each call of a finished hand's auction, valued from the caller's own view: over worlds of
the unseen cards (seeded), make the call, let every seat bid on naturally, play the deal out
(natural play, the last two tricks solved), and score it for the caller's team in hand points.
The call made is set against passing and the best alternative among the calls weighed."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.bots.bidding import choose_bid
from games.bots.medium import auction_value, dealt_state
from games.bots.sampling import WorldSampler
from games.bots.view import SeatView, read_view
from games.rules.actions import CONTRACT, PASS, Bid
from games.rules.hand import HandState, action_from_json

# Worlds per call (each call weighed plays every world out once).
AUCTION_WORLDS = 12
MANY_CALLS = 7  # more legal calls than this: only the likely ones are weighed


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
        state = dealt_state(view, world, rng)
        for i, bid in enumerate(options):
            totals[i] += auction_value(view, state, bid)
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
