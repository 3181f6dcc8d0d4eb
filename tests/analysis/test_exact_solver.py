"""The all-cards-known values are exact: the solver agrees with a brute-force minimax over the
engine itself, in hand points, on random endings of every rule set."""

from __future__ import annotations

import random

import numpy as np
import pytest

from games.analysis import analyse_hand, solver
from games.bots import get_bot
from games.rules import HandState, Play
from tests.analysis.test_analyse_hand import VARIANTS, minimax


def random_hand(variant: str, seed: int) -> HandState:
    """A hand bid by the medium bot, then played at random to the end (not thrown in)."""
    bot, rng = get_bot("medium"), random.Random(seed)
    for deal in range(seed * 100, seed * 100 + 100):
        hand = HandState.new(variant, dealer=deal % 4, seed=deal)
        while not hand.is_over:
            seat = hand.to_act
            if hand.phase == "bidding":
                hand.apply(bot.act(hand.view(seat), seed=deal), seat)
            else:
                hand.apply(rng.choice(hand.legal_actions()), seat)
        if any(isinstance(action, Play) for _, action in hand.log):
            return hand
    raise AssertionError("no hand was played")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_every_card_of_the_last_three_tricks_is_valued_as_a_full_minimax_values_it(
    variant: str, seed: int
) -> None:
    hand = random_hand(variant, seed)
    decisions = {
        d["action"]: d for d in analyse_hand(hand.to_json(), seed=1, worlds=1)["decisions"]
    }
    replay = HandState.from_json({**hand.to_json(), "actions": []})
    checked = 0
    for number, (seat, action) in enumerate(hand.log):
        decision = decisions.get(number)
        if decision is not None and len(replay.tricks) >= 4:
            assert decision["exact"]
            for value in decision["cards"]:
                child = replay.clone()
                card = next(a for a in child.legal_actions() if str(a.card) == value["card"])
                child.apply(card, seat)
                assert value["perfect"] == minimax(child, seat % 2), (number, value)
                checked += 1
        replay.apply(action, seat)
    assert checked or not decisions


@pytest.mark.parametrize("variant", VARIANTS)
def test_from_the_first_trick_each_cards_value_is_the_best_of_the_next_decision(
    variant: str,
) -> None:
    """Minimax's own consistency, where brute force cannot reach: what the card played was
    worth is what the best card of the next decision is worth (forced plays in between)."""
    hand = random_hand(variant, 7)
    decisions = analyse_hand(hand.to_json(), seed=1, worlds=1)["decisions"]
    assert decisions[0]["trick"] == 0 and all(d["exact"] for d in decisions)
    for before, after in zip(decisions, decisions[1:], strict=False):
        played = next(c["perfect"] for c in before["cards"] if c["card"] == before["card"])
        same_team = before["seat"] % 2 == after["seat"] % 2
        best = max(c["perfect"] for c in after["cards"])
        assert played == (best if same_team else -best), (before["action"], after["action"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_scoring_is_monotone_and_the_bounds_it_allows_change_no_value(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = []
    real = solver.monotone

    def checked(values: np.ndarray) -> bool:
        seen.append(real(values))
        return seen[-1]

    monkeypatch.setattr(solver, "monotone", checked)
    hand = random_hand(variant, 11).to_json()
    with_bounds = perfect_values(hand)
    assert seen and all(seen)
    monkeypatch.setattr(solver, "monotone", lambda values: False)
    assert perfect_values(hand) == with_bounds


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", range(20, 25))
def test_handing_endings_to_the_card_point_search_changes_no_value(
    variant: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hand-point search alone (a scoring not known `monotone` gets neither the bounds
    nor the card-point search, games.analysis.points) against the solver, on the decisions
    of the last six tricks of seeded hands."""
    hand = random_hand(variant, seed).to_json()
    handed = perfect_values(hand, exact_cards=24)
    monkeypatch.setattr(solver, "monotone", lambda values: False)
    assert perfect_values(hand, exact_cards=24) == handed


def perfect_values(hand: dict[str, object], exact_cards: int = 32) -> list[list[float]]:
    decisions = analyse_hand(hand, seed=1, worlds=1, exact_cards=exact_cards)["decisions"]
    return [[c["perfect"] for c in d["cards"]] for d in decisions]
