"""Trains the play model of `games.bots.policy` by self-play and writes its weights.

Run: `python -m games.bots.train.play_policy --deals 300 --seed 11 --jobs 2`, which writes
`games/bots/weights/play_policy.json`. Medium plays itself on mirrored deals
(`games.bots.arena`, seeded, so the same command gives the same games; medium does not use
the model, so the games do not depend on the weights being trained); every card played
with a choice is one example; each rule set's weights maximise the likelihood of the cards
chosen (a conditional logit, fitted by Newton's method). The last fifth of the deals is held
out to report how well the model predicts play it did not see.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Sequence
from functools import partial

import numpy as np

from games.bots import get_bot, warm_up
from games.bots.arena import Job, Tally, mirrored_deal
from games.bots.kernel import Context
from games.bots.policy import FEATURES, MAX_CHOICES, WEIGHTS_FILE, decisions
from games.bots.view import read_view
from games.rules.cards import mask_of
from games.rules.hand import HandState
from games.rules.variants import VARIANTS, get_variant

RIDGE = 1.0  # L2 penalty on the weights (in log-likelihood units), against rare features
NEWTON_STEPS = 25
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


def _probabilities(weights: np.ndarray, feats: np.ndarray, counts: np.ndarray) -> np.ndarray:
    scores = feats @ weights
    legal = np.arange(MAX_CHOICES)[None, :] < counts[:, None]
    scores = np.where(legal, scores, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    exp: np.ndarray = np.exp(scores)
    probs: np.ndarray = exp / exp.sum(axis=1, keepdims=True)
    return probs


def mean_log_likelihood(weights: np.ndarray, examples: Examples) -> float:
    """Mean log-probability of the chosen cards (0 would be a perfect prediction)."""
    feats, counts, chosen = examples
    probs = _probabilities(weights, feats, counts)
    return float(np.mean(np.log(probs[np.arange(len(chosen)), chosen])))


def fit(examples: Examples) -> np.ndarray:
    """Maximum penalised likelihood weights, by Newton's method from zero."""
    feats, counts, chosen = examples
    size = feats.shape[2]
    weights = np.zeros(size)
    rows = np.arange(len(chosen))
    for _ in range(NEWTON_STEPS):
        probs = _probabilities(weights, feats, counts)
        mean = np.einsum("nj,njf->nf", probs, feats)
        gradient = (feats[rows, chosen] - mean).sum(axis=0) - RIDGE * weights
        second = np.einsum("nj,njf,njg->fg", probs, feats, feats) - mean.T @ mean
        step = np.linalg.solve(second + RIDGE * np.eye(size), gradient)
        weights += step
        if np.abs(step).max() < 1e-6:
            break
    return weights


def train(variant: str, deals: int, seed: int, jobs: int) -> tuple[np.ndarray, dict[str, float]]:
    """One rule set's weights, and how well they predict the held-out fifth of the deals."""
    per_deal = self_play(variant, deals, seed, jobs)
    cut = deals - deals // 5
    learn, held_out = _join(per_deal[:cut]), _join(per_deal[cut:])
    weights = np.round(fit(learn), DIGITS)
    uniform = float(np.mean(-np.log(held_out[1])))
    figures = {
        "examples": float(len(learn[2])),
        "held_out": float(len(held_out[2])),
        "held_out_log_likelihood": mean_log_likelihood(weights, held_out),
        "uniform_log_likelihood": uniform,
    }
    return weights, figures


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, train every rule set, write the weights, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="mirrored deals per rule set")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1, help="processes (same weights for any)")
    parser.add_argument("--variants", nargs="+", choices=sorted(VARIANTS), default=sorted(VARIANTS))
    args = parser.parse_args(argv)
    warm_up()
    rows: dict[str, list[float]] = {}
    for variant in args.variants:
        get_variant(variant)
        weights, figures = train(variant, args.deals, args.seed, args.jobs)
        rows[variant] = weights.tolist()
        sys.stdout.write(f"{variant}: {json.dumps(figures)}\n")
    command = f"python -m games.bots.train.play_policy --deals {args.deals} --seed {args.seed}"
    document = {"command": command, "features": list(FEATURES), "weights": rows}
    WEIGHTS_FILE.parent.mkdir(exist_ok=True)
    WEIGHTS_FILE.write_text(json.dumps(document, indent=1) + "\n")


if __name__ == "__main__":
    main()
