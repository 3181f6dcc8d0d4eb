"""How far open-handed playouts misjudge the takers, to correct hard's bidding rollouts.

Seeded deals are bid and played by one level at every seat; the same hands are then played
out open-handed under the same contract. Prints, per rule set, the takers' mean real margin
(their hand points minus the defenders') minus the open-handed one.
Run: `python bench/bid_bias.py --variant coinche --level medium --deals 200`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import BOTS, get_bot  # noqa: E402
from games.bots.kernel import Context, Position  # noqa: E402
from games.bots.medium import BID_SOLVE_BELOW, finish  # noqa: E402
from games.bots.outcome import Outcome  # noqa: E402
from games.bots.view import read_view  # noqa: E402
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402


def gap(variant: str, level: str, deals: int) -> list[float]:
    """Real minus open-handed takers' margin, one number per deal that was not thrown in."""
    bot = get_bot(level)
    gaps = []
    for n in range(deals):
        state = HandState.new(variant, dealer=n % 4, seed=90_000 + n)
        open_value = None
        while state.to_act is not None:
            if state.phase == "playing" and open_value is None and state.contract is not None:
                contract = state.contract
                view = read_view(state.view(contract.seat))
                ctx = Context.of(state.variant.play_rules(contract), view.variant.belot_needs_suit)
                outcome = Outcome(view, contract)
                hands = list(state.held)
                pos = Position(hands, state.to_act, [], -1, -1, -1)
                declared = outcome.declared(hands)
                zero = ((0, 0), (0, 0))
                open_value = finish(ctx, pos, outcome, declared, zero, BID_SOLVE_BELOW)
            seat = state.to_act
            state.apply(bot.act(state.view(seat), seed=n), seat)
        score = state.score()
        if open_value is None or state.contract is None or score is None:
            continue
        takers = state.contract.team
        real = score.hand_points[takers] - score.hand_points[1 - takers]
        gaps.append(real - open_value)
    return gaps


def main() -> None:
    """Print the mean gap and its 95% interval."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="coinche")
    parser.add_argument("--level", choices=sorted(BOTS), default="medium")
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()
    gaps = gap(args.variant, args.level, args.deals)
    mean = statistics.fmean(gaps)
    half = 1.96 * statistics.stdev(gaps) / len(gaps) ** 0.5
    print(
        f"{args.variant} {args.level}: {len(gaps)} deals, takers' real minus open-handed "
        f"margin {mean:+.1f} (95% CI {mean - half:+.1f} .. {mean + half:+.1f})"
    )


if __name__ == "__main__":
    main()
