"""Search kernel speed: greedy playouts and exact solves per second, and the compile cost.

The compiled kernel runs as medium calls it (one `evaluate` per batch of worlds) and one
position per call; the pure-Python kernel it replaced is read from git (`--against`, the
last commit before it) and timed on the same positions. `--compile` also times the first
call in a fresh process, compiling (empty cache folder) and loading from the on-disk cache.
Run: `python bench/kernel.py [--variant bulgarian] [--positions 200] [--compile]`.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bots import kernel  # noqa: E402
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402

PURE_PYTHON_KERNEL = "2522676"  # the commit before the compiled kernel
Ending = tuple[kernel.Context, list[int], int]  # contract tables, hands, seat to lead


def endings(variant: str, count: int, cards: int) -> list[Ending]:
    """Seeded random hands played at random to a trick start with `cards` cards left."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)  # noqa: S311 (replayable positions)
        state = HandState.new(variant, dealer=seed % 4, seed=seed)
        while state.phase != "playing" or sum(h.bit_count() for h in state.held) > cards:
            if state.is_over:
                state = HandState.new(variant, dealer=seed % 4, seed=rng.randrange(1 << 30))
                continue
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        rules, seat = state.rules, state.to_act
        if rules is None or seat is None:  # never: the loop above stops in play
            continue
        ctx = kernel.Context.of(rules, state.variant.belot_needs_suit)
        out.append((ctx, list(state.held), seat))
    return out


def pure_python_kernel(rev: str) -> ModuleType | None:
    """The old kernel module as of `rev`, or None when git cannot show it."""
    try:
        source = subprocess.run(  # noqa: S603 (git, on a revision given by the developer)
            ["git", "show", f"{rev}:games/bots/kernel.py"],  # noqa: S607
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return None
    path = Path(tempfile.mkdtemp()) / "pure_python_kernel.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("pure_python_kernel", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look it up
    spec.loader.exec_module(module)
    return module


def per_second(run: Callable[[], object], count: int) -> float:
    """Items per second of CPU time, the best of three runs."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return count / best if best else float("inf")


def batched(items: list[Ending], solve_below: int) -> None:
    """As medium calls it: one `evaluate` for all worlds of a seat to lead (all the same
    contract here)."""
    ctx = items[0][0]
    for seat in range(4):
        worlds = [hands for _, hands, leader in items if leader == seat]
        if worlds:
            kernel.evaluate(ctx, worlds, kernel.Start(seat), [kernel.AS_IS], solve_below)


def one_by_one(module: ModuleType, items: list[Ending], solve_below: int) -> None:
    """One call per position through the module's Position API (old and new alike)."""
    ctx = module.Context.of(items[0][0].rules, items[0][0].needs_suit)
    for _, hands, seat in items:
        pos = module.Position(list(hands), seat, [], -1, -1, -1)
        if solve_below >= 32:
            module.solve(ctx, pos)
        else:
            module.playout(ctx, pos, solve_below)


def same_contract(items: list[Ending]) -> list[Ending]:
    """The positions under the most common contract (a batch shares one contract)."""
    common = Counter(ctx.rules for ctx, _, _ in items).most_common(1)[0][0]
    return [item for item in items if item[0].rules == common]


def compile_times() -> list[tuple[float, float]]:
    """Seconds (wall, CPU) for warm_up() in a fresh process: first with an empty cache
    folder (compiling), then again (loading what the first run cached)."""
    code = (
        "import time; from games.bots import warm_up; "
        "w, c = time.perf_counter(), time.process_time(); warm_up(); "
        "print(time.perf_counter() - w, time.process_time() - c)"
    )
    times = []
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for _ in range(2):
            done = subprocess.run(  # noqa: S603 (this Python, fixed code)
                [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                text=True, check=True,
            )  # fmt: skip
            wall, cpu = map(float, done.stdout.split())
            times.append((wall, cpu))
    return times


def main() -> None:
    """Print one line per workload: positions per second, new against old."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="bulgarian")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--against", default=PURE_PYTHON_KERNEL, help="git revision")
    parser.add_argument("--compile", action="store_true", help="time the first call too")
    args = parser.parse_args()
    kernel.warm_up()
    old = pure_python_kernel(args.against)
    workloads = [("greedy playouts, whole deal", 32, 0)]
    workloads += [(f"exact solves, {n} cards", n, kernel.SOLVE_ALL) for n in (8, 12, 16)]
    for label, cards, solve_below in workloads:
        items = same_contract(endings(args.variant, args.positions, cards))
        n = len(items)
        batch = per_second(partial(batched, items, solve_below), n)
        single = per_second(partial(one_by_one, kernel, items, solve_below), n)
        line = f"{label:28} {n:4} positions  batched {batch:10.0f}/s  one call each {single:9.0f}/s"
        if old is not None:
            before = per_second(partial(one_by_one, old, items, solve_below), n)
            line += f"  pure Python {before:7.0f}/s  x{batch / before:.0f}"
        print(line)
    if args.compile:
        (cold, cold_cpu), (warm, warm_cpu) = compile_times()
        print(
            f"first call: compiling {cold:.1f} s ({cold_cpu:.1f} s CPU), "
            f"from the on-disk cache {warm:.2f} s ({warm_cpu:.2f} s CPU)"
        )


if __name__ == "__main__":
    main()
