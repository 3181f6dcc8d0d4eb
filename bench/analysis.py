"""Hand analysis cost: CPU seconds to analyse one finished hand, per rule set, on one core.

Four medium bots bid and play seeded hands; each played hand (not thrown in) is analysed as
the task does (`games.analysis.analyse_hand`), and its CPU time is reported as median, 95th
percentile and worst, against the 2 s budget; then the share of it spent on the all-cards-known
values (`games.analysis.solver`), median and worst.
Run: `python bench/analysis.py [--hands 20] [--exact-cards 28] [--variant bela]`.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.analysis import analyse_hand  # noqa: E402
from games.analysis.cards import EXACT_CARDS  # noqa: E402
from games.analysis.solver import Solver  # noqa: E402
from games.bots import get_bot, warm_up  # noqa: E402
from games.rules import HandState, Play  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402

BUDGET_SECONDS = 2.0
solver_seconds = [0.0]  # CPU seconds spent in Solver.values since the last reset


def _timed(values: Callable[..., list[int]]) -> Callable[..., list[int]]:
    def timed(*args: Any, **kwargs: Any) -> list[int]:
        start = time.process_time()
        try:
            return values(*args, **kwargs)
        finally:
            solver_seconds[0] += time.process_time() - start

    return timed


def played_hands(variant: str, hands: int) -> list[HandState]:
    """Seeded hands played by medium bots, those with a card played."""
    bot, deal = get_bot("medium"), 0
    found: list[HandState] = []
    while len(found) < hands:
        state = HandState.new(variant, dealer=deal % 4, seed=deal)
        while (seat := state.to_act) is not None:  # until the hand is over
            state.apply(bot.act(state.view(seat), seed=deal), seat)
        if any(isinstance(action, Play) for _, action in state.log):
            found.append(state)
        deal += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--exact-cards", type=int, default=EXACT_CARDS)
    parser.add_argument("--variant", choices=list(VARIANTS), action="append")
    args = parser.parse_args()
    warm_up()
    Solver.values = _timed(Solver.values)  # type: ignore[method-assign]
    print(f"exact from {args.exact_cards} cards left; budget {BUDGET_SECONDS} s a hand")
    print("rule set   hands  decisions/hand  median s  p95 s  worst s  over budget  solver s")
    for variant in args.variant or list(VARIANTS):
        seconds, solving, decisions = [], [], 0
        for n, state in enumerate(played_hands(variant, args.hands)):
            solver_seconds[0] = 0.0
            start = time.process_time()
            result = analyse_hand(state.to_json(), seed=n, exact_cards=args.exact_cards)
            seconds.append(time.process_time() - start)
            solving.append(solver_seconds[0])
            decisions += len(result["decisions"])
        ordered = sorted(seconds)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        over = sum(s > BUDGET_SECONDS for s in seconds)
        solved = sorted(solving)
        print(
            f"{variant:<10} {len(seconds):>5}  {decisions / len(seconds):>14.1f}  "
            f"{ordered[len(ordered) // 2]:>8.2f}  {p95:>5.2f}  {ordered[-1]:>7.2f}  {over:>11}  "
            f"{solved[len(solved) // 2]:.2f} / {solved[-1]:.2f}"
        )


if __name__ == "__main__":
    main()
