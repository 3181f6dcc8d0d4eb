"""Trains the play model of `games.bots.policy` by self-play and writes its weights.

Run: `python -m games.bots.train.play_policy --deals 1500 --seed 11 --jobs 2`, which writes
`games/bots/weights/play_policy.json`. Medium plays itself on mirrored deals
(`games.bots.arena`, seeded, so the same command gives the same games; medium does not use
the model, so the games do not depend on the weights being trained); every card played
with a choice is one example; each rule set's model maximises the likelihood of the cards
chosen: a conditional logit fitted by Newton's method, then that and a hidden layer together
by Adam (seeded, so the same command gives the same weights). The last fifth of the deals is
held out to report how well the model, and the linear fit alone, predict play they did not see.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Sequence
from functools import partial
from typing import Any

import numpy as np

from games.bots import get_bot, warm_up
from games.bots.arena import Job, Tally, mirrored_deal
from games.bots.kernel import Context
from games.bots.policy import FEATURES, MAX_CHOICES, WEIGHTS_FILE, PlayModel, decisions
from games.bots.view import read_view
from games.rules.cards import mask_of
from games.rules.hand import HandState
from games.rules.variants import VARIANTS, get_variant

RIDGE = 1.0  # the linear fit's L2 penalty (in log-likelihood units), against rare features
NEWTON_STEPS = 25
HIDDEN = 32  # units of the hidden layer
EPOCHS, BATCH, RATE = 30, 256, 3e-3  # Adam's passes over the examples, batch size, step
DECAY = 1e-4  # L2 penalty per example while fitting the whole model
DIGITS = 4  # weights are written rounded, so the file is the same on every machine

Examples = tuple[np.ndarray, np.ndarray, np.ndarray]


def hand_examples(state: HandState) -> Examples:
    """Every choice made in one finished hand: features, legal counts, chosen indices."""
    view = read_view(state.view(0))
    rules, contract = view.rules(), view.contract
    if rules is None or contract is None or not view.plays:
        return np.zeros((0, MAX_CHOICES, len(FEATURES))), np.zeros(0, int), np.zeros(0, int)
    ctx = Context.of(rules, view.variant.belot_needs_suit)
    hands = [mask_of(cards) for cards in state.dealt]
    played = [p.card for p in view.plays]
    return decisions(ctx, hands, view.plays[0].seat, played, contract.team)


def deal_examples(job: Job, deal: int) -> Examples:
    """The choices of both games of one mirrored deal."""
    parts = [hand_examples(state) for state in mirrored_deal(job, deal, Tally())]
    return _join(parts)


def _join(parts: Sequence[Examples]) -> Examples:
    return (
        np.concatenate([p[0] for p in parts]),
        np.concatenate([p[1] for p in parts]),
        np.concatenate([p[2] for p in parts]),
    )


def self_play(variant: str, deals: int, seed: int, jobs: int) -> list[Examples]:
    """Per mirrored deal, the choices medium made playing it with itself."""
    job = Job(variant, get_bot("medium"), get_bot("medium"), seed, None)
    play = partial(deal_examples, job)
    if jobs <= 1:
        return list(map(play, range(deals)))
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return list(pool.imap(play, range(deals)))


def _probabilities(scores: np.ndarray, counts: np.ndarray) -> np.ndarray:
    legal = np.arange(MAX_CHOICES)[None, :] < counts[:, None]
    scores = np.where(legal, scores, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    exp: np.ndarray = np.exp(scores)
    probs: np.ndarray = exp / exp.sum(axis=1, keepdims=True)
    return probs


def _forward(
    model: PlayModel, feats: np.ndarray, counts: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Each legal card's choice probability, and the hidden layer's activations."""
    active = np.tanh(feats @ model.hidden.T + model.bias)
    return _probabilities(feats @ model.linear + active @ model.output, counts), active


def mean_log_likelihood(model: PlayModel, examples: Examples) -> float:
    """Mean log-probability of the chosen cards (0 would be a perfect prediction)."""
    feats, counts, chosen = examples
    probs = _forward(model, feats, counts)[0]
    return float(np.mean(np.log(probs[np.arange(len(chosen)), chosen])))


def fit_linear(examples: Examples) -> np.ndarray:
    """Maximum penalised likelihood linear weights, by Newton's method from zero."""
    feats, counts, chosen = examples
    size = feats.shape[2]
    weights = np.zeros(size)
    rows = np.arange(len(chosen))
    for _ in range(NEWTON_STEPS):
        probs = _probabilities(feats @ weights, counts)
        mean = np.einsum("nj,njf->nf", probs, feats)
        gradient = (feats[rows, chosen] - mean).sum(axis=0) - RIDGE * weights
        second = np.einsum("nj,njf,njg->fg", probs, feats, feats) - mean.T @ mean
        step = np.linalg.solve(second + RIDGE * np.eye(size), gradient)
        weights += step
        if np.abs(step).max() < 1e-6:
            break
    return weights


def _gradient(model: PlayModel, batch: Examples) -> list[np.ndarray]:
    """The penalised mean negative log-likelihood's gradient, per part of the model."""
    feats, counts, chosen = batch
    error, active = _forward(model, feats, counts)  # the probabilities, for now
    error[np.arange(len(chosen)), chosen] -= 1.0  # the loss gradient of each card's score
    error /= len(chosen)
    hidden_error = error[:, :, None] * model.output * (1.0 - active * active)
    return [
        np.einsum("nj,njf->f", error, feats) + DECAY * model.linear,
        np.einsum("njh,njf->hf", hidden_error, feats) + DECAY * model.hidden,
        hidden_error.sum(axis=(0, 1)),
        np.einsum("nj,njh->h", error, active) + DECAY * model.output,
    ]


def fit(examples: Examples, linear: np.ndarray, seed: int) -> PlayModel:
    """From the `linear` fit, the whole model (hidden layer included) by Adam over shuffled
    batches: deterministic for a seed."""
    rng = np.random.default_rng(seed)
    size = examples[0].shape[2]
    parts = [
        linear, rng.normal(0.0, size**-0.5, (HIDDEN, size)), np.zeros(HIDDEN), np.zeros(HIDDEN),
    ]  # fmt: skip
    first = [np.zeros_like(part) for part in parts]
    second = [np.zeros_like(part) for part in parts]
    step = 0
    for _ in range(EPOCHS):
        order = rng.permutation(len(examples[2]))
        for start in range(0, len(order), BATCH):
            picked = order[start : start + BATCH]
            batch = (examples[0][picked], examples[1][picked], examples[2][picked])
            step += 1
            for i, grad in enumerate(_gradient(PlayModel(*parts), batch)):
                first[i] = 0.9 * first[i] + 0.1 * grad
                second[i] = 0.999 * second[i] + 0.001 * grad * grad
                mean, spread = first[i] / (1 - 0.9**step), second[i] / (1 - 0.999**step)
                parts[i] = parts[i] - RATE * mean / (np.sqrt(spread) + 1e-8)
    return PlayModel(*(np.round(part, DIGITS) for part in parts))


def train(variant: str, deals: int, seed: int, jobs: int) -> tuple[PlayModel, dict[str, float]]:
    """One rule set's model, and how well it predicts the held-out fifth of the deals."""
    per_deal = self_play(variant, deals, seed, jobs)
    cut = deals - deals // 5
    learn, held_out = _join(per_deal[:cut]), _join(per_deal[cut:])
    linear_weights = fit_linear(learn)
    model = fit(learn, linear_weights, seed)
    linear = PlayModel.linear_only(np.round(linear_weights, DIGITS))
    figures = {
        "examples": float(len(learn[2])),
        "held_out": float(len(held_out[2])),
        "held_out_log_likelihood": mean_log_likelihood(model, held_out),
        "linear_held_out_log_likelihood": mean_log_likelihood(linear, held_out),
        "uniform_log_likelihood": float(np.mean(-np.log(held_out[1]))),
    }
    return model, figures


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, train every rule set, write the weights, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1500, help="mirrored deals per rule set")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1, help="processes (same weights for any)")
    parser.add_argument("--variants", nargs="+", choices=sorted(VARIANTS), default=sorted(VARIANTS))
    args = parser.parse_args(argv)
    warm_up()
    rows: dict[str, dict[str, list[Any]]] = {}
    for variant in args.variants:
        get_variant(variant)
        model, figures = train(variant, args.deals, args.seed, args.jobs)
        rows[variant] = model.row()
        sys.stdout.write(f"{variant}: {json.dumps(figures)}\n")
    command = f"python -m games.bots.train.play_policy --deals {args.deals} --seed {args.seed}"
    document = {"command": command, "features": list(FEATURES), "models": rows}
    WEIGHTS_FILE.parent.mkdir(exist_ok=True)
    WEIGHTS_FILE.write_text(json.dumps(document) + "\n")


if __name__ == "__main__":
    main()
