"""Invariants over thousands of seeded random hands played through the public API."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import HandState, Play
from games.rules.cards import CODES, NO_TRUMPS
from games.rules.declarations import BELOT
from tests.rules.playing import play_out, random_walk

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
DEALERS = st.integers(min_value=0, max_value=3)
RULE_SETS = ["bulgarian", "bela", "belote", "coinche"]
VARIANTS = st.sampled_from(RULE_SETS)
TOTALS = {("bulgarian", NO_TRUMPS): 260, ("bulgarian", 5): 258}


BATCH = 10  # hands per example: hypothesis picks the seeds, thousands of hands get played


def check_invariants(variant: str, seed: int, dealer: int) -> None:
    """Play one random hand, checking what must hold at every step and at the end."""
    for state in random_walk(variant, seed, dealer):
        if not state.is_over:
            assert state.legal_actions(), "a seat to act always has a legal action"
            assert state.to_act is not None
    score = state.score()
    assert score is not None
    if score.outcome == "thrown_in":
        assert state.tricks == [] and score.hand_points == [0, 0]
        return
    played = [card for _, cards, _ in state.tricks for card in cards]
    assert sorted(played) == list(range(32)), "every card is played exactly once"
    assert state.held == [0, 0, 0, 0]
    mode = state.contract.mode if state.contract else 0
    assert sum(score.card_points) == TOTALS.get((variant, mode), 162)
    assert sum(state.tricks_won) == 8


@settings(max_examples=150, deadline=None)
@given(variant=VARIANTS, seed=SEEDS, dealer=DEALERS)
def test_random_hands_keep_every_invariant(variant: str, seed: int, dealer: int) -> None:
    for offset in range(BATCH):
        check_invariants(variant, seed + offset, dealer)


@pytest.mark.slow
@pytest.mark.parametrize("variant", RULE_SETS)
def test_two_thousand_random_hands_each_keep_every_invariant(variant: str) -> None:
    for seed in range(2_000):
        check_invariants(variant, seed, seed % 4)


def _visible_cards(data: object) -> set[str]:
    """Every card code that appears anywhere in a JSON-ready structure."""
    found: set[str] = set()
    if isinstance(data, str) and data in CODES:
        found.add(data)
    elif isinstance(data, dict):
        for value in data.values():
            found |= _visible_cards(value)
    elif isinstance(data, list):
        for value in data:
            found |= _visible_cards(value)
    return found


def _allowed_unplayed(state: HandState) -> set[str]:
    """Unplayed cards that docs/rules.md#what-others-see makes public: announced run tops,
    belot pairs, the cards of scoring declarations once the first trick is complete, and French
    Belote's turned card."""
    allowed = set()
    if "turned" in state.public_view():
        allowed.add(state.public_view()["turned"])  # French Belote's card dealt face up
    for d, scored in zip(state.declarations, state.declaration_flags(), strict=True):
        if d.kind == BELOT or (state.tricks and scored):
            allowed |= set(d.codes())
        elif d.kind != "four":
            allowed.add(d.top_code())
    return allowed


@settings(max_examples=100, deadline=None)
@given(variant=VARIANTS, seed=SEEDS, dealer=DEALERS)
def test_views_never_leak_hidden_cards(variant: str, seed: int, dealer: int) -> None:
    for state in random_walk(variant, seed, dealer):
        played = {CODES[c] for _, cards, _ in state.tricks for c in cards}
        played |= {CODES[c] for c in state.trick}
        allowed = played | _allowed_unplayed(state)
        assert _visible_cards(state.public_view()) <= allowed
        for seat in range(4):
            view = state.view(seat)
            own = set(view["hand"])
            assert own == {CODES[c] for c in range(32) if state.held[seat] >> c & 1}
            assert _visible_cards(view) - own <= allowed
            assert bool(view["legal"]) == (state.to_act == seat)
        json.dumps(state.public_view())


@settings(max_examples=60, deadline=None)
@given(variant=VARIANTS, seed=SEEDS, dealer=DEALERS)
def test_serialization_round_trips_at_every_step(variant: str, seed: int, dealer: int) -> None:
    for state in random_walk(variant, seed, dealer, match_score=(40, 7), hanging=(0, 3)):
        saved = json.loads(json.dumps(state.to_json()))
        twin = HandState.from_json(saved)
        assert twin.to_json() == saved
        assert twin.result() == state.result()
        assert twin.view(0) == state.view(0)


@settings(max_examples=100, deadline=None)
@given(variant=VARIANTS, seed=SEEDS, dealer=DEALERS)
def test_replaying_the_log_from_the_seed_reproduces_the_hand(
    variant: str, seed: int, dealer: int
) -> None:
    for offset in range(5):
        state = play_out(variant, seed + offset, dealer)
        replay = HandState.new(variant, dealer=dealer, seed=seed + offset)
        for seat, action in state.log:
            replay.apply(action, seat)
        assert replay.result() == state.result()
        assert replay.to_json() == state.to_json()


@settings(max_examples=150, deadline=None)
@given(variant=VARIANTS, seed=SEEDS, dealer=DEALERS, cut=st.integers(0, 45))
def test_a_clone_is_independent(variant: str, seed: int, dealer: int, cut: int) -> None:
    states = list(random_walk(variant, seed, dealer))
    state = states[min(cut, len(states) - 1)]
    before = state.to_json()
    twin = state.clone()
    while not twin.is_over:
        action = twin.legal_actions()[-1]
        twin.apply(Play(action.card, declare=False) if isinstance(action, Play) else action)
    assert state.to_json() == before
