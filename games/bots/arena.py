"""Bots against bots on mirrored deals: points, win share, Elo and decision times.

Run: `python -m games.bots.arena --variant bulgarian --a medium --b easy --deals 200 --seed 1
--jobs 2` (`--jobs`: processes; every game is seeded, so the figures do not depend on it).
Each deal is played twice with the teams' cards swapped, so luck of the cards cancels out.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from games.bots import BOTS, Bot, get_bot, warm_up
from games.rules.actions import Action
from games.rules.cards import shuffled_deck
from games.rules.hand import HandState
from games.rules.match import Match
from games.rules.variants import VARIANTS, get_variant

MAX_MATCH_HANDS = 200  # a safety stop; real matches end far sooner


@dataclass
class Tally:
    """Running figures of one arena run."""

    a_points: list[int] = field(default_factory=list)  # per game (one deal or one match)
    b_points: list[int] = field(default_factory=list)
    pair_margins: list[float] = field(default_factory=list)  # A minus B over a mirrored pair
    pair_scores: list[float] = field(default_factory=list)  # 1 won, 0.5 tied, 0 lost
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})


def decision_seed(*parts: int) -> int:
    """A per-decision seed, stable across runs and platforms."""
    value = 0
    for part in parts:
        value = (value * 1_000_003 + part) % (1 << 61)
    return value


# How a seat's action is got: from the hand, the seat's bot, the budget, the hand's seed and
# the decision's number in the hand. The arena asks the bot (`ask`); a bench script may look
# on around it (`bench/seer.py` shows its bot the cards, `bench/regret.py` values the card).
Decide = Callable[[HandState, Bot, float | None, int, int], Action]


def ask(state: HandState, bot: Bot, budget_ms: float | None, seed: int, step: int) -> Action:
    """The bot's action for the seat to act, from that seat's view only."""
    if state.to_act is None:
        raise ValueError("the hand is over")
    return bot.act(state.view(state.to_act), budget_ms=budget_ms, seed=decision_seed(seed, step))


def play_hand(
    state: HandState, seats: Sequence[Bot], labels: Sequence[str], tally: Tally, seed: int,
    budget_ms: float | None, decide: Decide = ask,
) -> None:  # fmt: skip
    """Play one hand to its end, every seat asking its bot and the engine checking the move."""
    step = 0
    while (seat := state.to_act) is not None:
        start = time.process_time()
        action = decide(state, seats[seat], budget_ms, seed, step)
        tally.times[labels[seat]].append((time.process_time() - start) * 1000)
        state.apply(action, seat)
        step += 1


def _lineup(
    a: Bot, b: Bot, a_team: int, a_partner: Bot | None = None
) -> tuple[list[Bot], list[str]]:
    """Each seat's bot and label: A's team, B's team; `a_partner` in A's second seat."""
    partner = a if a_partner is None else a_partner
    bots = [(a if seat < 2 else partner) if seat & 1 == a_team else b for seat in range(4)]
    labels = ["a" if seat & 1 == a_team else "b" for seat in range(4)]
    return bots, labels


def record_pair(tally: Tally, margins: list[int], score: float | None = None) -> None:
    """A mirrored pair: A's points minus B's over both games; won by the sign, or `score`."""
    margin = float(sum(margins))
    tally.pair_margins.append(margin)
    if score is None:
        score = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    tally.pair_scores.append(score)


@dataclass(frozen=True)
class Job:
    """What every game of one run shares (sent to worker processes with each pair)."""

    variant: str
    a: Bot
    b: Bot
    seed: int
    budget_ms: float | None
    a_partner: Bot | None = None  # mixed mode: A's partner (say medium, for a person)
    decide: Decide = ask


Game = tuple[list[int], list[int], list[int], float | None, dict[str, list[float]]]


def mirrored_deal(job: Job, deal: int, tally: Tally) -> list[HandState]:
    """One deck played with A on team 0, then with A on team 1: the two finished hands."""
    rules = get_variant(job.variant)
    deck = shuffled_deck(random.Random(decision_seed(job.seed, deal)))  # noqa: S311 (replayable deals)
    hands = []
    for a_team in (0, 1):
        state = HandState(rules, deal % 4, deck)
        bots, labels = _lineup(job.a, job.b, a_team, job.a_partner)
        seed = decision_seed(job.seed, deal, a_team)
        play_hand(state, bots, labels, tally, seed, job.budget_ms, job.decide)
        hands.append(state)
    return hands


def hand_points(state: HandState) -> list[int]:
    """Each team's points for a finished hand."""
    score = state.score()
    if score is None:
        raise ValueError("the hand is not over")
    return score.hand_points


def _deal_pair(job: Job, deal: int) -> Game:
    """One mirrored deal, scored."""
    tally = Tally()
    margins = []
    for a_team, state in enumerate(mirrored_deal(job, deal, tally)):
        points = hand_points(state)
        tally.a_points.append(points[a_team])
        tally.b_points.append(points[1 - a_team])
        margins.append(points[a_team] - points[1 - a_team])
    return tally.a_points, tally.b_points, margins, None, tally.times


def _match_pair(job: Job, number: int) -> Game:
    """The same decks in order, played to the target score twice, the teams swapped."""
    tally = Tally()
    margins = []
    wins = 0.0
    for a_team in (0, 1):
        match = Match(job.variant, dealer=number % 4)
        bots, labels = _lineup(job.a, job.b, a_team, job.a_partner)
        hands = 0
        while match.winner is None and hands < MAX_MATCH_HANDS:
            deck = shuffled_deck(random.Random(decision_seed(job.seed, number, hands)))  # noqa: S311
            state = match.new_hand(deck=deck)
            seed = decision_seed(job.seed, number, a_team, hands)
            play_hand(state, bots, labels, tally, seed, job.budget_ms, job.decide)
            match.record()
            hands += 1
        wins += 1.0 if match.winner == a_team else 0.5 if match.winner is None else 0.0
        tally.a_points.append(match.score[a_team])
        tally.b_points.append(match.score[1 - a_team])
        margins.append(match.score[a_team] - match.score[1 - a_team])
    return tally.a_points, tally.b_points, margins, wins / 2, tally.times


def _run(job: Job, count: int, matches: bool, jobs: int) -> Tally:
    """Play `count` pairs on `jobs` processes; pairs are merged in order, so every figure
    but the timings is the same whatever the number of processes."""
    tally = Tally()
    play = partial(_match_pair if matches else _deal_pair, job)
    if jobs <= 1 or count <= 1:
        _merge_all(tally, map(play, range(count)))
        return tally
    with multiprocessing.get_context("fork").Pool(min(jobs, count)) as pool:
        _merge_all(tally, pool.imap(play, range(count)))
    return tally


def _merge_all(tally: Tally, games: Iterable[Game]) -> None:
    """Add finished pairs to the run's figures, in the order given."""
    for a_points, b_points, margins, score, times in games:
        tally.a_points.extend(a_points)
        tally.b_points.extend(b_points)
        record_pair(tally, margins, score)
        for label, values in times.items():
            tally.times[label].extend(values)


def run_deals(
    variant: str, a: Bot, b: Bot, deals: int, seed: int, budget_ms: float | None = None,
    jobs: int = 1, a_partner: Bot | None = None, decide: Decide = ask,
) -> Tally:  # fmt: skip
    """Mirrored deal pairs: each deck played with A on team 0, then with A on team 1
    (`a_partner`: in A's second seat instead of A; `decide`: how each action is got)."""
    return _run(Job(variant, a, b, seed, budget_ms, a_partner, decide), deals, False, jobs)


def run_matches(
    variant: str, a: Bot, b: Bot, matches: int, seed: int, budget_ms: float | None = None,
    jobs: int = 1, a_partner: Bot | None = None,
) -> Tally:  # fmt: skip
    """Mirrored matches to the target score: the same decks in order, teams swapped."""
    return _run(Job(variant, a, b, seed, budget_ms, a_partner), matches, True, jobs)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def figures(tally: Tally) -> dict[str, Any]:
    """The figures issue 5 asks for, from a finished run.

    The margin and its 95% interval are per game, from the spread of the pair totals (pairs
    are the independent units); the win share's interval comes likewise from the spread of
    the pair scores (1, 0.5, 0). Elo comes from the pair win share, kept half a pair away from
    0 and 1 so that a clean sweep still gives a finite number.
    """
    games = len(tally.a_points)
    pairs = len(tally.pair_margins)
    margin = statistics.fmean(tally.pair_margins) / 2 if pairs else 0.0
    spread = statistics.stdev(tally.pair_margins) / 2 if pairs > 1 else 0.0
    half = 1.96 * spread / math.sqrt(pairs) if pairs else 0.0
    scores = tally.pair_scores
    share = statistics.fmean(scores) if pairs else 0.5
    share_half = 1.96 * statistics.stdev(scores) / math.sqrt(pairs) if pairs > 1 else 0.0
    clipped = min(max(share, 0.5 / max(pairs, 1)), 1 - 0.5 / max(pairs, 1))
    return {
        "pairs": pairs,
        "points_per_deal": {
            "a": round(sum(tally.a_points) / games, 2) if games else 0.0,
            "b": round(sum(tally.b_points) / games, 2) if games else 0.0,
        },
        "margin": round(margin, 2),
        "ci95": [round(margin - half, 2), round(margin + half, 2)],
        "pair_win_share": round(share, 4),
        "pair_win_share_ci95": [
            round(max(0.0, share - share_half), 4),
            round(min(1.0, share + share_half), 4),
        ],
        "elo": round(400 * math.log10(clipped / (1 - clipped)), 1),
        "ms_median": {
            k: round(statistics.median(v), 2) if v else 0.0 for k, v in tally.times.items()
        },
        "ms_p99": {k: round(_percentile(v, 0.99), 2) for k, v in tally.times.items()},
    }


def report(args: argparse.Namespace, result: dict[str, Any]) -> str:
    """The figures as a few readable lines."""
    unit = "match" if args.matches else "deal"
    ms = result["ms_median"], result["ms_p99"]
    lo, hi = result["ci95"]
    share_lo, share_hi = result["pair_win_share_ci95"]
    return "\n".join(
        [
            f"{args.variant}: {args.a}{'+' + args.a_partner if args.a_partner else ''} (A) vs "
            f"{args.b} (B), {result['pairs']} mirrored "
            f"{unit} pairs, seed {args.seed}",
            f"points per {unit}: A {result['points_per_deal']['a']}, "
            f"B {result['points_per_deal']['b']}; "
            f"A margin {result['margin']:+} (95% CI {lo:+} .. {hi:+})",
            f"{unit} pairs won by A: {result['pair_win_share']:.1%} "
            f"(95% CI {share_lo:.1%} .. {share_hi:.1%}; ties count half); "
            f"Elo difference {result['elo']:+}",
            f"ms per decision: A median {ms[0]['a']} p99 {ms[1]['a']}; "
            f"B median {ms[0]['b']} p99 {ms[1]['b']}",
        ]
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, play, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="bulgarian")
    parser.add_argument("--a", choices=sorted(BOTS), required=True)
    parser.add_argument("--b", choices=sorted(BOTS), required=True)
    parser.add_argument(
        "--a-partner",
        choices=sorted(BOTS),
        help="mixed mode: A's partner, e.g. a person's stand-in",
    )
    parser.add_argument("--deals", type=int, default=100, help="mirrored deal pairs")
    parser.add_argument("--matches", type=int, default=0, help="mirrored match pairs instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, help="per decision (default: each level's)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (same figures for any)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    a, b = get_bot(args.a), get_bot(args.b)
    partner = get_bot(args.a_partner) if args.a_partner else None
    warm_up()  # the compiled kernel, loaded before any decision is timed (workers inherit it)
    if args.matches:
        tally = run_matches(
            args.variant, a, b, args.matches, args.seed, args.budget_ms, args.jobs, partner
        )
    else:
        tally = run_deals(
            args.variant, a, b, args.deals, args.seed, args.budget_ms, args.jobs, partner
        )
    result = figures(tally)
    sys.stdout.write((json.dumps(result) if args.json else report(args, result)) + "\n")


if __name__ == "__main__":
    main()
