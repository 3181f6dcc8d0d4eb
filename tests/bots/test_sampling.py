"""Sampled worlds: consistent with everything the seat has seen, and uniformly spread."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from games.bots.inference import infer
from games.bots.sampling import WorldSampler
from games.bots.view import read_view
from games.rules.actions import Play
from games.rules.errors import RulesError
from games.rules.hand import HandState
from tests.bots.positions import VARIANTS, hidden_hands, random_position, rebuild


@pytest.mark.parametrize("variant", VARIANTS)
def test_sampled_worlds_never_contradict_the_view(variant: str) -> None:
    for seed in range(60):
        state = random_position(variant, seed)
        seat = state.to_act
        view = read_view(state.view(seat))
        sampler = WorldSampler(view)
        rng = random.Random(seed)
        for _ in range(5):
            world = sampler.sample(rng)
            assert world[seat] & view.hand == view.hand
            # The engine replays the whole record on the sampled cards, and the seat's
            # view of that world is the view it decided from.
            assert rebuild(state, seat, world).view(seat) == state.view(seat)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_true_deal_always_satisfies_the_inferred_constraints(variant: str) -> None:
    for seed in range(200):
        state = random_position(variant, seed)
        seat = state.to_act
        knowledge = infer(read_view(state.view(seat)))
        for other, cards in enumerate(hidden_hands(state)):
            if other == seat:
                continue
            assert cards & knowledge.pinned[other] == knowledge.pinned[other]
            assert not cards & knowledge.forbidden[other]


def _consistent_worlds(state: HandState, seat: int) -> set[tuple[int, ...]]:
    """Every deal of the unseen cards that the engine accepts with the same view."""
    view = read_view(state.view(seat))
    unseen = [c for c in range(32) if infer(view).unseen >> c & 1]
    others = [s for s in range(4) if s != seat]
    sizes = [view.hand_sizes[s] for s in others]
    worlds = set()
    first, second, third = others
    for a in itertools.combinations(unseen, sizes[0]):
        rest = [c for c in unseen if c not in a]
        for b in itertools.combinations(rest, sizes[1]):
            hands = [0, 0, 0, 0]
            hands[seat] = view.hand
            hands[first] = sum(1 << c for c in a)
            hands[second] = sum(1 << c for c in b)
            hands[third] = sum(1 << c for c in rest if c not in b)
            try:
                if rebuild(state, seat, hands).view(seat) == state.view(seat):
                    worlds.add(tuple(hands))
            except RulesError:
                continue
    return worlds


def test_worlds_are_drawn_uniformly_among_the_consistent_ones() -> None:
    checked = 0
    for seed in range(400):
        state = random_position("bulgarian", seed, min_steps=28)
        if state.phase != "playing" or len(state.tricks) < 6 or state.trick:
            continue
        seat = state.to_act
        truth = tuple(hidden_hands(state))
        worlds = _consistent_worlds(state, seat)
        assert truth in worlds
        if not 4 <= len(worlds) <= 60:
            continue
        sampler = WorldSampler(read_view(state.view(seat)))
        rng = random.Random(seed)
        per_world = 150
        counts = Counter(tuple(sampler.sample(rng)) for _ in range(per_world * len(worlds)))
        assert set(counts) == worlds
        for world in worlds:
            # Five standard deviations: a wrongly weighted deal shows, chance does not.
            assert abs(counts[world] - per_world) < 5 * per_world**0.5
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_players_who_keep_their_declarations_quiet_still_get_consistent_worlds() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = HandState.new("bulgarian", dealer=seed % 4, seed=seed)
        while state.phase == "bidding":
            legal = state.legal_actions()
            state.apply(legal[1] if not state.auction.calls else legal[0])
        for _ in range(rng.randrange(1, 28)):
            legal = state.legal_actions()
            card = legal[rng.randrange(len(legal))].card
            # Seats 1 and 3 never announce; the others announce everything.
            quiet = state.to_act & 1 == 1
            state.apply(Play(card, declare=not quiet, belot=not quiet))
        seat = state.to_act
        sampler = WorldSampler(read_view(state.view(seat)))
        for _ in range(3):
            world = sampler.sample(rng)
            assert rebuild(state, seat, world).view(seat) == state.view(seat)


def test_the_turned_card_goes_to_the_taker_in_every_world() -> None:
    checked = set()
    for seed in range(60):
        state = random_position("belote", seed)
        seat = state.to_act
        view = read_view(state.view(seat))
        if view.played >> view.turned & 1:
            continue
        # While bidding, worlds are dealt as if this seat takes.
        taker = seat if view.contract is None else view.contract.seat
        rng = random.Random(seed)
        for _ in range(3):
            assert WorldSampler(view).sample(rng)[taker] >> view.turned & 1
        checked.add((view.phase, taker == seat))
    assert checked == {("bidding", True), ("playing", True), ("playing", False)}
