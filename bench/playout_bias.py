"""How far open-handed playouts misjudge the takers: the calibration of `TAKER_BIAS`.

Deals are bid and played by one level (the arena's seeded games, the level on both sides);
each finished deal is played out again from the first lead by the search kernel's greedy
playouts, every hand known, under the same contract. Printed: the takers' card points in
real play minus in the playout (mean, standard deviation), overall and, in Coinche, by bid.
Run: `python bench/playout_bias.py --variant coinche --deals 200 --seed 5`
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import BOTS, get_bot, warm_up  # noqa: E402
from games.bots.arena import Job, Tally, mirrored_deal  # noqa: E402
from games.bots.calls import PLAYOUT_SOLVE_BELOW  # noqa: E402
from games.bots.kernel import AS_IS, Context, Start, evaluate  # noqa: E402
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402


def dealt(state: HandState) -> list[int]:
    """Each seat's eight cards, from the cards it played."""
    hands = [0, 0, 0, 0]
    for seat, action in state.log:
        card = getattr(action, "card", None)
        if card is not None:
            hands[seat] |= 1 << card
    return hands


def shortfall(state: HandState) -> int | None:
    """The takers' card points in real play minus in the open-handed playout (None: thrown
    in)."""
    contract = state.contract
    score = state.score()
    if contract is None or score is None:
        return None
    variant = state.variant
    ctx = Context.of(variant.play_rules(contract), variant.belot_needs_suit)
    start = Start((state.dealer + 1) % 4)
    row = evaluate(ctx, [dealt(state)], start, [AS_IS], PLAYOUT_SOLVE_BELOW)[0, 0]
    return int(score.card_points[contract.team] - row[contract.team])


def line(name: str, values: list[int]) -> str:
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{name}: {len(values)} deals, mean {statistics.fmean(values):+.1f}, sd {spread:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="coinche", choices=sorted(VARIANTS))
    parser.add_argument("--level", default="medium", choices=sorted(BOTS))
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    warm_up()
    bot = get_bot(args.level)
    job = Job(args.variant, bot, bot, args.seed, None)
    every: list[int] = []
    by_bid: dict[int, list[int]] = defaultdict(list)
    for deal in range(args.deals):
        state = mirrored_deal(job, deal, Tally())[0]  # one level both ways: the first game
        missed = shortfall(state)
        if missed is None or state.contract is None:
            continue
        every.append(missed)
        if state.contract.bid.value is not None:
            by_bid[min(state.contract.bid.value, 130)].append(missed)
    print(f"{args.variant}, {args.level}, seed {args.seed}: real minus playout, takers' points")
    print(line("all", every))
    for value in sorted(by_bid):
        print(line(f"bid {value}{'+' if value == 130 else ''}", by_bid[value]))


if __name__ == "__main__":
    main()
