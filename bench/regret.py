"""Where each level's card play loses: every card it chooses, valued against a seer's best.

Plays the arena's mirrored deal pairs (the same seeded games as `games.bots.arena`) and, at
every card chosen among two or more, values each legal card in the true world as the seer of
`bench/seer.py` does (hard's depth: playouts, then the last five tricks solved exactly). A
card's regret is the best card's value less its own, in hand points for the seat's side: what
not seeing the hidden cards (and the search's own errors) cost there. Printed per level, by
trick, for leads and for the cards played to a trick, on the declaring side and in defence:
the mean regret per decision and how many decisions it averages (the last trick has no
choice).
Run: `python bench/regret.py --variant belote --a hard --b medium --deals 200 --jobs 2`
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections import defaultdict
from collections.abc import Sequence
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seer import seen_values  # noqa: E402 (bench/, the script's own folder)

from games.bots import BOTS, Bot, arena, get_bot, warm_up  # noqa: E402
from games.bots.view import SeatView, read_view  # noqa: E402
from games.rules.actions import PLAYS, Action  # noqa: E402
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402

Key = tuple[str, str, str, int]  # level, "lead" or "follow", "declarers" or "defenders", trick
Regrets = list[tuple[Key, float]]

_found: Regrets = []  # this process's regrets of the pair being played


def regret(view: SeatView, world: list[int], action: Action) -> float:
    """The seer's value of its best legal card less that of the card chosen."""
    values = seen_values(view, world)
    chosen = next(i for i, card in enumerate(view.legal_cards) if PLAYS[card] == action)
    return max(values) - values[chosen]


def decide_valued(
    state: HandState, bot: Bot, budget_ms: float | None, seed: int, step: int
) -> Action:
    """The arena's `ask`, every card chosen among two or more valued against the seer's."""
    action = arena.ask(state, bot, budget_ms, seed, step)
    seat = state.to_act
    view = None if seat is None else read_view(state.view(seat))
    if view is None or view.contract is None or len(view.legal_cards) < 2:
        return action
    kind = "follow" if view.trick else "lead"
    side = "declarers" if view.contract.team == view.seat & 1 else "defenders"
    key = (bot.name, kind, side, len(view.plays) // 4 + 1)
    _found.append((key, regret(view, list(state.held), action)))
    return action


def play_pair(job: arena.Job, deal: int) -> Regrets:
    """The regrets of every card chosen in one mirrored pair."""
    _found.clear()
    arena.mirrored_deal(job, deal, arena.Tally())
    return list(_found)


def report(found: Regrets, levels: Sequence[str]) -> list[str]:
    """Per level, kind and side, the mean regret by trick (decisions in brackets)."""
    sums: dict[Key, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for key, value in found:
        sums[key][0] += value
        sums[key][1] += 1
    lines = []
    for level in dict.fromkeys(levels):
        mine = [value for key, value in found if key[0] == level]
        lines.append(
            f"{level}: {len(mine)} decisions, mean regret {sum(mine) / max(len(mine), 1):.2f}"
        )
        for kind in ("lead", "follow"):
            for side in ("declarers", "defenders"):
                cells = []
                for trick in range(1, 8):
                    value, n = sums.get((level, kind, side, trick), (0.0, 0.0))
                    cells.append(f"{value / n:5.1f} ({int(n):3d})" if n else "    -      ")
                lines.append(f"  {kind:6s} {side:9s} " + " ".join(cells))
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, play and value, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="belote")
    parser.add_argument("--a", choices=sorted(BOTS), default="hard")
    parser.add_argument("--b", choices=sorted(BOTS), default="medium")
    parser.add_argument("--deals", type=int, default=200, help="mirrored deal pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    warm_up()
    job = arena.Job(
        args.variant, get_bot(args.a), get_bot(args.b), args.seed, None, decide=decide_valued
    )
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        found = [
            item for pair in pool.map(partial(play_pair, job), range(args.deals)) for item in pair
        ]
    sys.stdout.write(
        f"{args.variant}: {args.a} vs {args.b}, {args.deals} mirrored deal pairs, seed "
        f"{args.seed}; mean regret in hand points per decision by trick 1..7 (decisions)\n"
    )
    sys.stdout.write("\n".join(report(found, [args.a, args.b])) + "\n")


if __name__ == "__main__":
    main()
