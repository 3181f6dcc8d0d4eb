"""The computer players' ratings, measured: Elo gaps between levels over whole matches.

A person's rated match against the computer is rated against the level they chose (its one
account holds three seats and never moves from it), so the levels' ratings are a yardstick:
a player must reach the same rating whichever level they play. That holds when the gaps
between the levels' ratings are the gaps their matches show, measured here on mirrored match
pairs to each rule set's target (the same decks, the teams swapped): medium against easy and
hard against medium. The match share gives the Elo gap; medium stays at a new person's 1500.
Run: `python bench/computer_ratings.py --easy-pairs 100 --hard-pairs 50 --seed 1 --jobs 2`
(46 minutes on two cores; the figures do not depend on `--jobs`; docs/bots.md has them).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import get_bot, warm_up  # noqa: E402
from games.bots.arena import run_matches  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402

MEDIUM_RATING = 1500.0  # a new person's rating: medium is where they start


def elo(share: float) -> float:
    """The rating gap at which the stronger side is expected to take `share` of the result."""
    clipped = min(max(share, 0.005), 0.995)
    return 400.0 * math.log10(clipped / (1.0 - clipped))


def gap_line(label: str, scores: list[float]) -> tuple[str, float]:
    """A line of the match share and its Elo gap with a 95% interval; and the gap."""
    share = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
    gap = elo(share)
    line = (
        f"{label}: {len(scores)} match pairs, matches won {share:.1%} "
        f"(95% CI {max(0.0, share - half):.1%} .. {min(1.0, share + half):.1%}); "
        f"Elo gap {gap:+.0f} ({elo(share - half):+.0f} .. {elo(share + half):+.0f})"
    )
    return line, gap


def measure(
    variant: str, stronger: str, weaker: str, pairs: int, seed: int, jobs: int
) -> list[float]:
    """The stronger level's score in each mirrored match pair (1, 0.5 or 0)."""
    tally = run_matches(variant, get_bot(stronger), get_bot(weaker), pairs, seed, jobs=jobs)
    return tally.pair_scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=sorted(VARIANTS), choices=sorted(VARIANTS))
    parser.add_argument("--easy-pairs", type=int, default=100, help="medium vs easy, per rule set")
    parser.add_argument("--hard-pairs", type=int, default=50, help="hard vs medium, per rule set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    warm_up()
    gaps: dict[tuple[str, str], float] = {}
    for stronger, weaker, pairs in (
        ("medium", "easy", args.easy_pairs),
        ("hard", "medium", args.hard_pairs),
    ):
        pooled: list[float] = []
        for variant in args.variants:
            scores = measure(variant, stronger, weaker, pairs, args.seed, args.jobs)
            pooled.extend(scores)
            line, gaps[variant, stronger] = gap_line(f"{variant}: {stronger} vs {weaker}", scores)
            print(line, flush=True)
        print(gap_line(f"all rule sets: {stronger} vs {weaker}", pooled)[0], flush=True)
    print("ratings (to the nearest 10): rule set, easy, medium, hard")
    for variant in args.variants:
        easy = MEDIUM_RATING - gaps[variant, "medium"]
        hard = MEDIUM_RATING + gaps[variant, "hard"]
        print(f"{variant}: {round(easy, -1):.0f}, {MEDIUM_RATING:.0f}, {round(hard, -1):.0f}")


if __name__ == "__main__":
    main()
