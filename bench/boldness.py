"""Self-play tuning of hard's bidding boldness (`HARD_BOLDNESS` in games/bots/hard.py).

Each candidate plays `hard`, bidding with that boldness, against `medium` (natural calls) on
mirrored deal pairs, and the figures are printed per candidate. The candidate with the best
pair win share is the one to commit; every candidate meets the same seeded deals.
Run: `python bench/boldness.py --variant bulgarian --factors 0.7 0.8 0.9 1.0 --deals 200`
(French Belote: `--takes 6.0 6.5 7.0`, the name threshold staying half a point above;
Coinche: `--margins 15 25 35`, how far a bid stays under the side's estimate; Bulgarian and
Bela: `--reaches 0 2 4`, weighing passing and strains that far under threshold by playouts).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import get_bot, warm_up  # noqa: E402
from games.bots.arena import figures, run_deals  # noqa: E402
from games.bots.bidding import Boldness  # noqa: E402
from games.bots.hard import HardBot  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402


def candidate_bot(variant: str, bold: Boldness) -> HardBot:
    """Hard with `bold` for this rule set, as a class the arena's worker processes can find."""
    name = f"hard_{abs(hash(bold))}"
    cls = type(name, (HardBot,), {"name": name, "boldness": {variant: bold}})
    cls.__module__ = __name__
    globals()[name] = cls
    bot: HardBot = cls()
    return bot


def candidates(args: argparse.Namespace) -> list[Boldness]:
    """The boldness to try: suit factors or reaches (Bulgarian, Bela), takes, or Coinche
    margins."""
    if args.variant == "belote":
        return [Boldness(take=t, name=t + 0.5) for t in args.takes]
    if args.variant == "coinche":
        return [Boldness(coinche_margin=m) for m in args.margins]
    if args.reaches:
        return [Boldness(reach=r) for r in args.reaches]
    return [Boldness(suit_factor=f) for f in args.factors]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="bulgarian", choices=sorted(VARIANTS))
    parser.add_argument("--factors", type=float, nargs="+", default=[0.7, 0.8, 0.9, 1.0])
    parser.add_argument("--takes", type=float, nargs="+", default=[6.0, 6.5, 7.0])
    parser.add_argument("--margins", type=float, nargs="+", default=[15.0, 25.0, 35.0])
    parser.add_argument("--reaches", type=float, nargs="+", default=[])
    parser.add_argument("--deals", type=int, default=200, help="mirrored deal pairs each")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    warm_up()
    medium = get_bot("medium")
    for bold in candidates(args):
        bot = candidate_bot(args.variant, bold)
        tally = run_deals(args.variant, bot, medium, args.deals, args.seed, jobs=args.jobs)
        result = figures(tally)
        low, high = result["pair_win_share_ci95"]
        print(
            f"{args.variant} {bold}: margin {result['margin']:+} per deal "
            f"(95% CI {result['ci95'][0]:+} .. {result['ci95'][1]:+}), pairs won "
            f"{result['pair_win_share']:.1%} ({low:.1%} .. {high:.1%})",
            flush=True,
        )


if __name__ == "__main__":
    main()
