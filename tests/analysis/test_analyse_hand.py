"""Card-by-card analysis of finished hands, for all four rule sets (pure: no Django)."""

from __future__ import annotations

import itertools
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from games.analysis import analyse_hand
from games.bots import get_bot
from games.rules import HandState, Play

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ["bulgarian", "bela", "belote", "coinche"]


@cache
def played_hand(variant: str, seed: int) -> HandState:
    """A hand the medium bot bid and played to the end (one that was not thrown in)."""
    bot = get_bot("medium")
    for deal in itertools.count(seed):
        hand = HandState.new(variant, dealer=deal % 4, seed=deal)
        while not hand.is_over:
            hand.apply(bot.act(hand.view(hand.to_act), seed=deal), hand.to_act)
        if any(isinstance(action, Play) for _, action in hand.log):
            return hand
    raise AssertionError("unreachable")


def choices(hand: HandState) -> list[tuple[int, int, int]]:
    """(action index, seat, card) of every play that had more than one legal card."""
    replay = HandState.from_json({**hand.to_json(), "actions": []})
    found = []
    for number, (seat, action) in enumerate(hand.log):
        if isinstance(action, Play) and len(replay.legal_actions()) > 1:
            found.append((number, seat, int(action.card)))
        replay.apply(action, seat)
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_choice_of_every_seat_is_valued_and_its_loss_is_measured(variant: str) -> None:
    hand = played_hand(variant, 1)
    analysis = analyse_hand(hand.to_json(), seed=9)
    decisions = analysis["decisions"]
    assert [(d["action"], d["seat"]) for d in decisions] == [(n, s) for n, s, _ in choices(hand)]
    for decision in decisions:
        values = {c["card"]: c for c in decision["cards"]}
        played = values[decision["card"]]
        assert len(values) > 1
        for measure in ("perfect", "view"):
            top = max(c[measure] for c in values.values())
            assert decision[f"loss_{measure}"] == pytest.approx(top - played[measure])
            assert decision[f"loss_{measure}"] >= 0
            best = {c for c, v in values.items() if v[measure] == top}
            assert set(decision[f"best_{measure}"]) == best
        assert decision["exact"]  # every card known, exact from the first trick


def test_the_analysis_replays_identically_and_depends_on_its_seed() -> None:
    hand = played_hand("belote", 3).to_json()
    first = analyse_hand(hand, seed=4)
    assert analyse_hand(hand, seed=4) == first
    views = [[c["view"] for c in d["cards"]] for d in first["decisions"]]
    other = analyse_hand(hand, seed=5)
    assert [[c["view"] for c in d["cards"]] for d in other["decisions"]] != views
    # Every card known, there is nothing to sample: the same whatever the seed.
    perfect = [[c["perfect"] for c in d["cards"]] for d in first["decisions"]]
    assert [[c["perfect"] for c in d["cards"]] for d in other["decisions"]] == perfect


def minimax(state: HandState, team: int) -> int:
    """The team's hand points minus the other's, both playing perfectly (the engine alone)."""
    if state.is_over:
        points = state.result()["hand_points"]
        return points[team] - points[1 - team]
    seat = state.to_act
    assert seat is not None
    outcomes = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action, seat)
        outcomes.append(minimax(child, team))
    return max(outcomes) if seat % 2 == team else min(outcomes)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_last_tricks_perfect_values_match_an_exhaustive_search(variant: str) -> None:
    hand = played_hand(variant, 2)
    decisions = analyse_hand(hand.to_json(), seed=1)["decisions"]
    replay = HandState.from_json({**hand.to_json(), "actions": []})
    checked = 0
    for number, (seat, action) in enumerate(hand.log):
        decision = next((d for d in decisions if d["action"] == number), None)
        if decision is not None and len(replay.tricks) >= 6:
            for value in decision["cards"]:
                child = replay.clone()
                card = next(a for a in child.legal_actions() if str(a.card) == value["card"])
                child.apply(card, seat)
                assert round(value["perfect"]) == minimax(child, seat % 2), (number, value)
                checked += 1
        replay.apply(action, seat)
    assert checked or not decisions


def test_the_analysis_loads_no_django() -> None:
    code = (
        "import sys, games.analysis\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    done = subprocess.run(  # noqa: S603
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_call_with_a_choice_is_set_against_the_others_from_the_callers_view(
    variant: str,
) -> None:
    hand = played_hand(variant, 1)
    calls = analyse_hand(hand.to_json(), seed=3)["auction"]
    replay = HandState.from_json({**hand.to_json(), "actions": []})
    expected = []
    for number, (seat, action) in enumerate(hand.log):
        if replay.phase != "bidding":
            break
        if len(replay.legal_actions()) > 1:
            expected.append((number, seat, str(action)))
        replay.apply(action, seat)
    assert [(c["action"], c["seat"], c["call"]) for c in calls] == expected
    for call in calls:
        values = {c["call"]: c["value"] for c in call["calls"]}
        assert call["calls"][0]["call"] == call["call"] and call["value"] == values[call["call"]]
        assert call["loss"] == pytest.approx(max(values.values()) - call["value"])
        assert set(call["best"]) == {c for c, v in values.items() if v == max(values.values())}
        if "pass" in values:
            assert call["passing"] == values["pass"]
