"""The compiled search kernel agrees with the engine (legal cards, trick winners, points,
belots), its solver with plain minimax, and its batch `evaluate` with both."""

from __future__ import annotations

import random

import pytest

from games.bots.kernel import (
    AS_IS,
    BELOTS_WON,
    CARDS_WON,
    SOLVE_ALL,
    TRICKS_WON,
    Context,
    Position,
    Start,
    evaluate,
    greedy_card,
    playout,
    solve,
)
from games.rules.actions import PLAYS, Play
from games.rules.cards import BEATEN_BY, BELOT_CARDS, POINTS, SUIT_MASK, cards_of, mask_of
from games.rules.declarations import BELOT
from games.rules.hand import HandState
from games.rules.play import PlayRules, legal_mask
from tests.bots.positions import VARIANTS, kernel_position


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


def _legal_mask(state: HandState) -> int:
    """The engine's legal cards as a mask, as the kernel gives them."""
    return mask_of(a.card for a in state.legal_actions() if isinstance(a, Play))


def _played_to(variant: str, seed: int, cards_left: int) -> HandState:
    """A hand played at random until `cards_left` cards are left."""
    rng = random.Random(seed)
    state = _played_out(variant, seed)
    while sum(h.bit_count() for h in state.held) > cards_left:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def _ctx(state: HandState) -> Context:
    return Context.of(state.rules, state.variant.belot_needs_suit)


def _start(state: HandState) -> Start:
    return Start(state.to_act, tuple(state.trick), state.led, state.win_card, state.win_seat)


def _belots(state: HandState) -> list[int]:
    belots = [0, 0]
    for d in state.declarations:
        if d.kind == BELOT:
            belots[d.seat & 1] += d.points
    return belots


def _since(state: HandState, root: HandState) -> tuple[list[int], list[int], list[int]]:
    """Card points, tricks and belots each team gained from `root` to `state`."""
    now, then = _belots(state), _belots(root)
    return (
        [state.card_points[t] - root.card_points[t] for t in (0, 1)],
        [state.tricks_won[t] - root.tricks_won[t] for t in (0, 1)],
        [now[t] - then[t] for t in (0, 1)],
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_kernel_plays_like_the_engine_on_random_positions(variant: str) -> None:
    positions = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = _played_out(variant, seed)
        ctx = _ctx(state)
        pos = kernel_position(state)
        while not state.is_over:
            assert pos.legal(ctx) == _legal_mask(state)
            positions += 1
            legal = state.legal_actions()
            play = legal[rng.randrange(len(legal))]
            state.apply(play)
            pos.play(ctx, play.card)
            assert pos.trick == state.trick
            if not state.is_over:
                assert pos.to_act == state.to_act  # after a full trick: its winner
            assert pos.points == state.card_points
            assert pos.tricks_won == state.tricks_won
            assert pos.belots == _belots(state)
    assert positions == 300 * 32


def _engine_minimax(state: HandState) -> int:
    """Team 0 minus team 1 in the card points to come: every legal card tried on the engine."""
    if state.is_over:
        return 0
    values = []
    for play in state.legal_actions():
        child = state.clone()
        child.apply(play)
        gained = (child.card_points[0] - state.card_points[0]) - (
            child.card_points[1] - state.card_points[1]
        )
        values.append(gained + _engine_minimax(child))
    return max(values) if state.to_act & 1 == 0 else min(values)


@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_matches_minimax_over_the_engine_on_short_endings(variant: str) -> None:
    for seed in range(60):
        state = _played_to(variant, seed, random.Random(seed).randrange(1, 9))
        assert solve(_ctx(state), kernel_position(state)) == _engine_minimax(state)


def _minimax(rules: PlayRules, hands: tuple[int, ...], seat: int, trick: tuple[int, ...],
             memo: dict[tuple[int, ...], int]) -> int:  # fmt: skip
    """Team 0 minus team 1 in the points to come: plain minimax on the engine's `legal_mask`
    and tables, remembering each trick start (the points to come do not depend on the way in).

    `trick` holds the cards played so far to the trick, the first by seat - len(trick)."""
    if not trick:
        key = (*hands, seat)
        if key in memo:
            return memo[key]
        legal = hands[seat]
    else:
        win_card, win_seat = _trick_winner(rules.mode, trick, seat - len(trick))
        legal = legal_mask(hands[seat], seat, trick[0] >> 3, win_card, win_seat, rules)
    values = []
    for card in cards_of(legal):
        after = list(hands)
        after[seat] ^= 1 << card
        played = (*trick, card)
        if len(played) < 4:
            values.append(_minimax(rules, tuple(after), (seat + 1) & 3, played, memo))
            continue
        _, winner = _trick_winner(rules.mode, played, seat - 3)
        gained = sum(POINTS[rules.mode][c] for c in played) + (0 if any(after) else 10)
        rest = _minimax(rules, tuple(after), winner, (), memo) if any(after) else 0
        values.append((gained if winner & 1 == 0 else -gained) + rest)
    value = max(values) if seat & 1 == 0 else min(values)
    if not trick:
        memo[key] = value
    return value


def _trick_winner(mode: int, trick: tuple[int, ...], leader: int) -> tuple[int, int]:
    win_card, win_seat = trick[0], leader & 3
    for i, card in enumerate(trick[1:], start=1):
        if BEATEN_BY[mode][win_card] >> card & 1:
            win_card, win_seat = card, (leader + i) & 3
    return win_card, win_seat


@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_matches_plain_minimax_on_longer_endings(variant: str) -> None:
    """Four tricks to go: enough for the solver's table of trick starts to matter."""
    for seed in range(12):
        state = _played_to(variant, seed, 16)
        expected = _minimax(state.rules, tuple(state.held), state.to_act, (), {})
        assert solve(_ctx(state), kernel_position(state)) == expected


@pytest.mark.parametrize("variant", VARIANTS)
def test_evaluate_plays_greedy_playouts_as_the_engine_scores_them(variant: str) -> None:
    """With no exact ending, each candidate's result is the greedy line replayed on the
    engine: the same points, tricks and belots."""
    for seed in range(40):
        root = _played_to(variant, seed, random.Random(seed).randrange(2, 33))
        ctx = _ctx(root)
        legal = [play.card for play in root.legal_actions()]
        results = evaluate(ctx, [root.held], _start(root), legal, 0)
        for card, row in zip(legal, results[0].tolist(), strict=True):
            state = root.clone()
            state.apply(PLAYS[card])
            pos = kernel_position(state)
            while not state.is_over:
                step = greedy_card(ctx, pos)
                state.apply(PLAYS[step])
                pos.play(ctx, step)
            points, tricks, belots = _since(state, root)
            assert row[CARDS_WON : CARDS_WON + 2] == points
            assert row[TRICKS_WON : TRICKS_WON + 2] == tricks
            assert row[BELOTS_WON : BELOTS_WON + 2] == belots


@pytest.mark.parametrize("variant", VARIANTS)
def test_evaluate_solves_endings_exactly(variant: str) -> None:
    """Solving at once: every point to come shared out as the minimax says, a pair still
    held counted as a belot."""
    for seed in range(30):
        root = _played_to(variant, seed, random.Random(seed).randrange(2, 9))
        ctx = _ctx(root)
        legal = [play.card for play in root.legal_actions()]
        results = evaluate(ctx, [root.held, root.held], _start(root), legal, SOLVE_ALL)
        assert (results[0] == results[1]).all()
        for card, row in zip(legal, results[0].tolist(), strict=True):
            state = root.clone()
            state.apply(PLAYS[card])
            points, _, belots = _since(state, root)
            to_come = _engine_minimax(state)
            final = state.clone()  # any line to the end shares out every point to come
            while not final.is_over:
                final.apply(final.legal_actions()[0])
            rest = sum(_since(final, state)[0])
            assert row[CARDS_WON] - row[CARDS_WON + 1] == points[0] - points[1] + to_come
            assert row[CARDS_WON] + row[CARDS_WON + 1] == sum(points) + rest
            assert row[BELOTS_WON : BELOTS_WON + 2] == _with_held_pairs(state, belots)


def _with_held_pairs(state: HandState, belots: list[int]) -> list[int]:
    """Belots plus 20 for each belot pair a seat still holds."""
    pairs = BELOT_CARDS[state.rules.mode]
    belots = list(belots)
    for seat in range(4):
        for suit in SUIT_MASK:
            if (state.held[seat] & pairs & suit).bit_count() == 2:
                belots[seat & 1] += 20
    return belots


@pytest.mark.parametrize("variant", VARIANTS)
def test_evaluate_counts_the_belots_a_solved_ending_holds(variant: str) -> None:
    held = 0
    for seed in range(100):
        root = _played_to(variant, seed, random.Random(seed).randrange(8, 20))
        ctx = _ctx(root)
        legal = [play.card for play in root.legal_actions()]
        results = evaluate(ctx, [root.held], _start(root), legal, SOLVE_ALL)
        for card, row in zip(legal, results[0].tolist(), strict=True):
            state = root.clone()
            state.apply(PLAYS[card])
            belots = _with_held_pairs(state, _since(state, root)[2])
            held += belots != _since(state, root)[2]
            assert row[BELOTS_WON : BELOTS_WON + 2] == belots
    assert held  # some endings did hold a pair


def test_a_position_with_nothing_to_play_is_worth_nothing() -> None:
    state = _played_to("bulgarian", 1, 0)
    ctx = _ctx(state)
    results = evaluate(ctx, [state.held], Start(0), [AS_IS], SOLVE_ALL)
    assert results.tolist() == [[[0, 0, 0, 0, 0, 0]]]
    assert playout(ctx, Position(state.held, 0, [], -1, -1, -1), 8) == 0


def test_greedy_playouts_play_legal_cards_and_share_every_point() -> None:
    for seed in range(200):
        state = _played_out("bulgarian" if seed % 2 else "bela", seed)
        ctx = _ctx(state)
        pos = kernel_position(state)
        while not state.is_over:
            card = greedy_card(ctx, pos)
            assert _legal_mask(state) >> card & 1
            state.apply(PLAYS[card])
            pos.play(ctx, card)
        assert sum(pos.points) == state.variant.card_total[state.contract.mode]
