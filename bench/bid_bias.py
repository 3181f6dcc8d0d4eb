"""How far open-handed playouts misjudge the takers, to correct hard's bidding rollouts.

Seeded deals are bid and played by one level at every seat; the same hands are then played
out open-handed under the same contract. Prints the card points the takers really took minus
those of the open-handed playout (`TAKER_CARD_BIAS` in games/bots/rollout.py).
Run: `python bench/bid_bias.py --variant coinche --level medium --deals 200`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import BOTS, get_bot  # noqa: E402
from games.bots.kernel import AS_IS, Context, Start, evaluate  # noqa: E402
from games.bots.medium import finish  # noqa: E402
from games.bots.outcome import Outcome, Pair  # noqa: E402
from games.bots.rollout import ROLLOUT_SOLVE_BELOW  # noqa: E402
from games.bots.view import read_view  # noqa: E402
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402


class Recorder(Outcome):
    """Keeps the card points of the last playout it scored."""

    cards: tuple[int, int] = (0, 0)

    def value(self, cards: Pair, declared: Pair, belots: Pair, tricks: Pair) -> float:
        self.cards = (cards[0], cards[1])
        return super().value(cards, declared, belots, tricks)


def gap(variant: str, level: str, deals: int) -> list[float]:
    """Real minus open-handed takers' card points, per deal that was not thrown in."""
    bot = get_bot(level)
    gaps = []
    for n in range(deals):
        state = HandState.new(variant, dealer=n % 4, seed=90_000 + n)
        open_value: int | None = None
        while state.to_act is not None:
            if state.phase == "playing" and open_value is None and state.contract is not None:
                contract = state.contract
                view = read_view(state.view(contract.seat))
                ctx = Context.of(state.variant.play_rules(contract), view.variant.belot_needs_suit)
                outcome = Recorder(view, contract)
                hands = list(state.held)
                start = Start(state.to_act)
                row = evaluate(ctx, [hands], start, [AS_IS], ROLLOUT_SOLVE_BELOW)[0, 0].tolist()
                finish(outcome, outcome.declared(hands), ((0, 0), (0, 0)), row)
                open_value = outcome.cards[contract.team]
            seat = state.to_act
            state.apply(bot.act(state.view(seat), seed=n), seat)
        if open_value is None or state.contract is None:
            continue
        gaps.append(state.card_points[state.contract.team] - open_value)
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
        f"card points {mean:+.1f} (95% CI {mean - half:+.1f} .. {mean + half:+.1f})"
    )


if __name__ == "__main__":
    main()
