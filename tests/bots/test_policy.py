"""The learned play model: it sees what a seat sees, weighs worlds by the others' play, and
its shipped weights are the training command's."""

from __future__ import annotations

import hashlib
import json
import random

import numpy as np
import pytest

from games.bots.kernel import Context
from games.bots.likelihood import PlayLikelihood
from games.bots.medium import resample
from games.bots.policy import (
    FEATURE_COUNT,
    FEATURES,
    WEIGHTS_FILE,
    PlayModel,
    decisions,
    log_likelihood,
    shipped_model,
)
from games.bots.train.play_policy import HIDDEN, mean_log_likelihood, train
from games.bots.view import read_view
from games.rules.cards import mask_of
from games.rules.hand import HandState
from games.rules.play import PlayRules, legal_mask
from games.rules.variants import VARIANTS
from tests.bots.positions import card_mask, clubs_let_go_with_the_ace

# The SHA-256 of `games/bots/weights/play_policy.json` as written by the command it names
# (`python -m games.bots.train.play_policy --deals 1500 --seed 11 --jobs 2`; the same file
# for any number of jobs). Retrain and update both together.
SHIPPED_SHA256 = "729265e798f74c3a2c4d3023583555601fdd470841c04fe9f6b4022480684a7a"


def _deal(rng: random.Random, cards_each: int) -> list[int]:
    deck = list(range(32))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[s * cards_each : (s + 1) * cards_each]) for s in range(4)]


def _shuffled_others(rng: random.Random, hands: list[int], keep: int, fixed: int) -> list[int]:
    """The same deal with the cards of every seat but `keep` dealt anew among them, each
    keeping its count; the cards in `fixed` stay where they are."""
    pool = [c for s in range(4) if s != keep for c in range(32) if hands[s] >> c & 1]
    pool = [c for c in pool if not fixed >> c & 1]
    rng.shuffle(pool)
    out = list(hands)
    for s in range(4):
        if s != keep:
            own = hands[s] & fixed
            count = hands[s].bit_count() - own.bit_count()
            out[s] = own | sum(1 << c for c in pool[:count])
            pool = pool[count:]
    return out


def test_a_seat_s_features_read_only_its_own_hand_and_the_public_cards() -> None:
    """Dealing the others' cards anew changes nothing in the features of a seat's choice,
    leading or following (the cards still out, all hands together, are public)."""
    rng = random.Random(5)
    for mode in range(6):
        ctx = Context.of(PlayRules(mode, plain_raise=mode == 5, undertrump=True), True)
        for _ in range(40):
            hands = _deal(rng, rng.randrange(2, 9))
            lead = min(c for c in range(32) if hands[0] >> c & 1)
            before = decisions(ctx, hands, 0, [lead], 0)[0]
            after = decisions(ctx, _shuffled_others(rng, hands, 0, 0), 0, [lead], 0)[0]
            assert np.array_equal(before, after)
            legal = legal_mask(hands[1], 1, lead >> 3, lead, 0, ctx.rules)
            follow = min(c for c in range(32) if legal >> c & 1)
            dealt_again = _shuffled_others(rng, hands, 1, 1 << lead)
            seen = decisions(ctx, hands, 0, [lead, follow], 1)[0]
            seen_again = decisions(ctx, dealt_again, 0, [lead, follow], 1)[0]
            if legal & (legal - 1):  # the follower had a choice: its features come last
                assert np.array_equal(seen[-1], seen_again[-1])


def test_the_learned_model_finds_a_last_player_letting_a_trick_go_with_a_winner_unlikely() -> None:
    state = clubs_let_go_with_the_ace()
    view = read_view(state.view(0))
    truth = list(state.held)
    swapped = list(truth)
    clubs, spades = card_mask("Ac Tc"), card_mask("Ks As")
    swapped[3] = truth[3] & ~clubs | spades
    swapped[2] = truth[2] & ~spades | clubs
    learned = PlayLikelihood(view).weights([swapped, truth])
    assert learned[0] == 1.0
    assert learned[1] < 0.75


def _finished_hand(variant: str, seed: int) -> HandState:
    rng = random.Random(seed)
    state = HandState.new(variant, dealer=seed % 4, seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_the_compiled_model_scores_every_play_as_the_trainer_does() -> None:
    """The search's compiled likelihood (hidden layer included) and the trainer's numpy model
    give a whole hand's free plays the same log-probability, in every rule set."""
    for variant in sorted(VARIANTS):
        model = shipped_model(variant)
        assert model is not None
        for seed in range(6):
            state = _finished_hand(variant, seed)
            view = read_view(state.view(0))
            rules, contract = view.rules(), view.contract
            if rules is None or contract is None:
                continue  # thrown in: nothing was played
            ctx = Context.of(rules, view.variant.belot_needs_suit)
            hands = [mask_of(cards) for cards in state.dealt]
            played, seats = [p.card for p in view.plays], [p.seat for p in view.plays]
            examples = decisions(ctx, hands, seats[0], played, contract.team)
            expected = mean_log_likelihood(model, examples) * len(examples[2])
            compiled = log_likelihood(
                ctx, [hands], seats[0], played, seats, -1, contract.team, model
            )
            assert compiled[0] == pytest.approx(expected, rel=1e-9, abs=1e-9)


def test_the_shipped_weights_are_the_training_command_s() -> None:
    document = json.loads(WEIGHTS_FILE.read_text())
    assert document["command"].startswith("python -m games.bots.train.play_policy")
    assert document["features"] == list(FEATURES)
    assert sorted(document["models"]) == sorted(VARIANTS)
    for row in document["models"].values():
        model = PlayModel.of(row)
        assert model.linear.shape == (FEATURE_COUNT,)
        assert model.hidden.shape == (HIDDEN, FEATURE_COUNT)
        assert model.bias.shape == model.output.shape == (HIDDEN,)
    assert hashlib.sha256(WEIGHTS_FILE.read_bytes()).hexdigest() == SHIPPED_SHA256


def test_training_is_replayable_and_predicts_play_it_did_not_see() -> None:
    first, figures = train("bulgarian", deals=6, seed=3, jobs=1)
    again, _ = train("bulgarian", deals=6, seed=3, jobs=1)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert figures["held_out_log_likelihood"] > figures["uniform_log_likelihood"]


def test_resampling_picks_worlds_as_often_as_their_weight() -> None:
    worlds = [[w, 0, 0, 0] for w in range(4)]
    picked, times = resample(worlds, [0.0, 1.0, 3.0, 0.0], 8, random.Random(2))
    assert picked == [[1, 0, 0, 0], [2, 0, 0, 0]]
    assert times == [2.0, 6.0]
    rng = random.Random(3)
    for _ in range(50):
        weights = [rng.random() for _ in range(30)]
        picked, times = resample([[w, 0, 0, 0] for w in range(30)], weights, 12, rng)
        assert sum(times) == 12
        for world, hits in zip(picked, times, strict=True):
            assert abs(hits - 12 * weights[world[0]] / sum(weights)) < 1 + 1e-9


def test_resampling_worlds_that_all_weigh_nothing_picks_them_evenly() -> None:
    worlds = [[w, 0, 0, 0] for w in range(4)]
    picked, times = resample(worlds, [0.0] * 4, 8, random.Random(1))
    assert picked == worlds
    assert times == [2.0] * 4
