"""Engine speed: random complete hands per second per rule set, on one core.

Each hand: a seeded deal, the bidding, eight tricks and the scoring, every action chosen at
random from legal_actions() and made with apply(), as bots and live tables drive the engine.
Run: `python bench/engine.py [--seconds 3] [--profile bulgarian]`.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules.cards import shuffled_deck  # noqa: E402
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS, get_variant  # noqa: E402


def play_hands(variant_name: str, count: int, seed: int = 0) -> None:
    """Play `count` random hands through the public API."""
    rng = random.Random(seed)  # noqa: S311 (a benchmark, not cryptography)
    variant = get_variant(variant_name)
    uniform = rng.random
    for n in range(count):
        state = HandState(variant, n & 3, shuffled_deck(rng))
        legal_actions, apply = state.legal_actions, state.apply
        while state.to_act is not None:
            legal = legal_actions()
            apply(legal[int(uniform() * len(legal))])
        state.score()


def measure(variant_name: str, seconds: float) -> tuple[float, float, int]:
    """Hands per CPU second over batches of about `seconds` in all: (median, best, hands).

    CPU time, not wall time, and the best batch as timeit reports it: other processes on a
    shared machine slow some batches down, never speed one up.
    """
    batch = 500
    rates: list[float] = []
    hands = 0
    spent = 0.0
    while spent < seconds or len(rates) < 3:
        start = time.process_time()
        play_hands(variant_name, batch, seed=hands)
        elapsed = time.process_time() - start
        rates.append(batch / elapsed)
        spent += elapsed
        hands += batch
    return statistics.median(rates), max(rates), hands


def main() -> None:
    """Print hands per second for every rule set, or a profile of one."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--profile", choices=sorted(VARIANTS))
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(play_hands, args.profile, 3000)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    for name in VARIANTS:
        median, best, hands = measure(name, args.seconds)
        print(f"{name:10s} {median:6.0f} hands/s median, {best:6.0f} best ({hands} hands)")


if __name__ == "__main__":
    main()
