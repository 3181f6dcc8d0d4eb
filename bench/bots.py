"""Bot speed: milliseconds per decision for each level, by phase, on one core.

Four copies of a level play seeded hands; every decision is timed (forced ones included, as
the arena counts them) and the figures are printed as median and 99th percentile; first, how
long the learned play model's weights take to load.
Run: `python bench/bots.py [--levels easy medium] [--hands 20] [--variant bulgarian]`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import BOTS, get_bot, warm_up  # noqa: E402
from games.bots.policy import load_models  # noqa: E402
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def time_level(
    level: str, variant: str, hands: int, budget_ms: float | None
) -> dict[str, list[float]]:
    """Decision times in ms, by phase (`bidding`, `play`), over `hands` seeded hands."""
    bot = get_bot(level)
    times: dict[str, list[float]] = {"bidding": [], "play": []}
    for n in range(hands):
        state = HandState.new(variant, dealer=n % 4, seed=n)
        while state.to_act is not None:
            phase = "bidding" if state.phase == "bidding" else "play"
            view = state.view(state.to_act)
            start = time.process_time()
            action = bot.act(view, budget_ms=budget_ms, seed=n)
            times[phase].append((time.process_time() - start) * 1000)
            state.apply(action)
    return times


def main() -> None:
    """Print a line per level and phase."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="+", choices=sorted(BOTS), default=sorted(BOTS))
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="bulgarian")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--budget-ms", type=float, help="per decision (default: each level's)")
    args = parser.parse_args()
    start = time.perf_counter()
    rule_sets = len(load_models())
    print(
        f"learned play model: {rule_sets} rule sets' weights loaded in "
        f"{(time.perf_counter() - start) * 1000:.2f} ms"
    )
    warm_up()  # the compiled search kernel: loaded once per process, not timed
    for level in args.levels:
        times = time_level(level, args.variant, args.hands, args.budget_ms)
        every = times["bidding"] + times["play"]
        for phase, values in (*times.items(), ("all", every)):
            median, p99 = _percentile(values, 0.5), _percentile(values, 0.99)
            print(
                f"{args.variant} {level:7} {phase:8} decisions {len(values):5}  "
                f"median {median:7.2f} ms  p99 {p99:7.2f} ms"
            )


if __name__ == "__main__":
    main()
