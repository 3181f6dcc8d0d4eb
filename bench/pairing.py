"""Time one 1,024-entry Swiss round, paired after simulated rounds built score groups and history.

Run: `python bench/pairing.py [--entries 1024] [--rounds 5] [--seed 1]`; the target is under 2 s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import Entry, Result, Round, swiss_round  # noqa: E402


def play(round_: Round[int], rng: random.Random) -> list[Result[int]]:
    """Random match results for a round: belote scores to 1,001, now and then a drawn match."""
    results = [Result.bye(round_.bye)] if round_.bye is not None else []
    for first, second in round_.pairs:
        winner, loser = 1001 + rng.randrange(200), rng.randrange(1001)
        if rng.random() < 0.05:
            loser = winner
        if rng.random() < 0.5:
            results.append(Result(first, second, winner, loser))
        else:
            results.append(Result(first, second, loser, winner))
    return results


def main() -> None:
    """Simulate the earlier rounds untimed, then time the pairing of the next one."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=5, help="rounds played before the timed one")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    rng = random.Random(options.seed)  # noqa: S311 - simulated results, nothing secret
    entries = [Entry(index, rng.gauss(1500, 200)) for index in range(options.entries)]
    results: list[Result[int]] = []
    for _ in range(options.rounds):
        results += play(swiss_round(entries, results), rng)
    started = time.perf_counter()
    round_ = swiss_round(entries, results)
    seconds = time.perf_counter() - started
    met = {frozenset((result.first, result.second)) for result in results}
    rematches = sum(frozenset(pair) in met for pair in round_.pairs)
    print(
        f"swiss round {options.rounds + 1} of {options.entries} entries: "
        f"{len(round_.pairs)} pairs, {rematches} rematches, paired in {seconds:.3f} s (target 2 s)"
    )


if __name__ == "__main__":
    main()
