"""Who takes the contracts, who makes them, who doubles: the auction side of an arena run.

Plays the arena's mirrored deal pairs (the same seeded games as `games.bots.arena`) and, per
side (A, B), prints the share of deals its team took, the share of those it made, its doubles
(coinche, contra) and how many of the doubled contracts failed, its redoubles (surcoinche),
the pairs A won (the arena's figure), and A's mean margin per deal on the deals A's side
took, B's side took, and nobody took (95% intervals throughout).
Run: `python bench/contracts.py --variant coinche --a hard --b medium --deals 200`
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import BOTS, get_bot, warm_up  # noqa: E402
from games.bots.arena import Job, Tally, figures, mirrored_deal, record_pair  # noqa: E402
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402


@dataclass(frozen=True)
class Deal:
    """One finished hand, from A's side: who took it and how it went."""

    taker: str | None  # "a", "b", or None when thrown in
    made: bool
    multiplier: int
    value: int | None  # Coinche: the bid's value
    margin: int  # A's hand points minus B's


def deal_record(state: HandState, a_team: int) -> Deal:
    """The contract of a finished hand, seen from A's side."""
    score = state.score()
    if score is None:
        raise ValueError("the hand is not over")
    margin = score.hand_points[a_team] - score.hand_points[1 - a_team]
    contract = state.contract
    if contract is None:
        return Deal(None, False, 1, None, margin)
    taker = "a" if contract.team == a_team else "b"
    made = score.outcome == "made"
    return Deal(taker, made, contract.multiplier, contract.bid.value, margin)


def play_pair(job: Job, deal: int) -> list[Deal]:
    """Both hands of one mirrored pair."""
    hands = mirrored_deal(job, deal, Tally())
    return [deal_record(state, a_team) for a_team, state in enumerate(hands)]


def share(count: int, total: int) -> str:
    """A share with its 95% interval (normal approximation)."""
    if not total:
        return "-"
    p = count / total
    half = 1.96 * math.sqrt(p * (1 - p) / total)
    return f"{p:.1%} (+-{half:.1%}, {count}/{total})"


def mean(values: list[int]) -> str:
    """A mean with its 95% interval."""
    if len(values) < 2:
        return "-"
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{statistics.fmean(values):+.1f} (+-{half:.1f}, n={len(values)})"


def summary(deals: list[Deal]) -> list[str]:
    """The lines to print, per side and per kind of deal."""
    lines = []
    total = len(deals)
    for side, other in (("a", "b"), ("b", "a")):
        taken = [d for d in deals if d.taker == side]
        made = [d for d in taken if d.made]
        doubled_by = [d for d in deals if d.taker == other and d.multiplier > 1]
        redoubled = [d for d in taken if d.multiplier > 2]
        top = [d for d in taken if d.value is not None and d.value >= 150]
        line = (
            f"{side.upper()}: took {share(len(taken), total)}, made {share(len(made), len(taken))}"
            f"; doubled {len(doubled_by)} (failed {sum(not d.made for d in doubled_by)})"
            f"; redoubled {len(redoubled)}; the other side's failures "
            f"{sum(not d.made for d in deals if d.taker == other)}"
        )
        if top:
            line += f"; bids of 150+: {len(top)}, made {sum(d.made for d in top)}"
        lines.append(line)
    tally = Tally()
    for first, second in zip(deals[::2], deals[1::2], strict=True):
        record_pair(tally, [first.margin, second.margin])
    result = figures(tally)
    low, high = result["pair_win_share_ci95"]
    lines.append(f"pairs won by A: {result['pair_win_share']:.1%} ({low:.1%} .. {high:.1%})")
    for name, group in (
        ("A's side took", [d for d in deals if d.taker == "a"]),
        ("B's side took", [d for d in deals if d.taker == "b"]),
        ("thrown in", [d for d in deals if d.taker is None]),
        ("all", deals),
    ):
        lines.append(f"A's margin per deal, {name}: {mean([d.margin for d in group])}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="coinche", choices=sorted(VARIANTS))
    parser.add_argument("--a", default="hard", choices=sorted(BOTS))
    parser.add_argument("--b", default="medium", choices=sorted(BOTS))
    parser.add_argument("--deals", type=int, default=200, help="mirrored deal pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    warm_up()
    job = Job(args.variant, get_bot(args.a), get_bot(args.b), args.seed, None)
    play = partial(play_pair, job)
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            pairs = pool.map(play, range(args.deals))
    else:
        pairs = list(map(play, range(args.deals)))
    deals = [d for pair in pairs for d in pair]
    print(f"{args.variant}: {args.a} (A) vs {args.b} (B), {args.deals} pairs, seed {args.seed}")
    for line in summary(deals):
        print(line)


if __name__ == "__main__":
    main()
