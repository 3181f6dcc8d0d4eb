"""The search kernel agrees with the engine: legal cards, trick winners, points, belots."""

from __future__ import annotations

import random

import pytest

from games.bots.kernel import Context, Position, greedy_card, solve
from games.rules.actions import PLAYS
from games.rules.declarations import BELOT
from games.rules.hand import HandState
from tests.bots.positions import VARIANTS


def _played_out(variant: str, seed: int) -> HandState:
    """A hand whose bidding ended in a contract (random bids until one does)."""
    rng = random.Random(seed)
    while True:
        state = HandState.new(variant, dealer=rng.randrange(4), seed=rng.randrange(1 << 30))
        while state.phase == "bidding":
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.phase == "playing":
            return state


def _position(state: HandState) -> Position:
    return Position(
        list(state.held), state.to_act, list(state.trick), state.led, state.win_card,
        state.win_seat,
    )  # fmt: skip


@pytest.mark.parametrize("variant", VARIANTS)
def test_kernel_plays_like_the_engine_on_random_hands(variant: str) -> None:
    for seed in range(300):
        rng = random.Random(seed)
        state = _played_out(variant, seed)
        ctx = Context.of(state.rules, state.variant.belot_needs_suit)
        pos = _position(state)
        while not state.is_over:
            assert pos.legal(ctx) == state.legal_cards_mask()
            legal = state.legal_actions()
            play = legal[rng.randrange(len(legal))]
            state.apply(play)
            pos.play(ctx, play.card)
            assert pos.trick == state.trick
            if not state.is_over:
                assert pos.to_act == state.to_act  # after a full trick: its winner
        assert pos.points == state.card_points
        assert pos.tricks_won == state.tricks_won
        belots = [0, 0]
        for d in state.declarations:
            if d.kind == BELOT:
                belots[d.seat & 1] += d.points
        assert pos.belots == belots


def _brute_force(ctx: Context, pos: Position) -> int:
    """Minimax without pruning or tables: team 0 minus team 1 in the points to come."""
    if not pos.cards_left:
        return 0
    legal = pos.legal(ctx)
    values = []
    for card in range(32):
        if legal >> card & 1:
            child = pos.copy()
            child.play(ctx, card)
            gained = (child.points[0] - pos.points[0]) - (child.points[1] - pos.points[1])
            values.append(gained + _brute_force(ctx, child))
    return max(values) if pos.to_act & 1 == 0 else min(values)


@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_matches_plain_minimax_on_short_endings(variant: str) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = _played_out(variant, seed)
        stop = rng.randrange(20, 27)
        while len(state.log) - len(state.auction.calls) < stop:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        ctx = Context.of(state.rules, state.variant.belot_needs_suit)
        pos = _position(state)
        assert solve(ctx, pos) == _brute_force(ctx, pos)


def test_greedy_playouts_play_legal_cards_and_share_every_point() -> None:
    for seed in range(200):
        state = _played_out("bulgarian" if seed % 2 else "bela", seed)
        ctx = Context.of(state.rules, state.variant.belot_needs_suit)
        pos = _position(state)
        while not state.is_over:
            card = greedy_card(ctx, pos)
            assert state.legal_cards_mask() >> card & 1
            state.apply(PLAYS[card])
            pos.play(ctx, card)
        assert sum(pos.points) == state.variant.card_total[state.contract.mode]
