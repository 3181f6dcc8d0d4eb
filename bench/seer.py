"""How far card play alone could carry a bot against another: a seer that sees every card.

The seer bids as hard does, then plays each card by searching the one true world (hard's
depth: every card solved exactly from five tricks before the end, playouts before that), so
it never guesses a hidden card. Its share of mirrored pairs won against a level bounds what
any honest card play could win with hard's auction; ties (both games of a pair with the same
margin) count half, as in the arena, and their share is printed too.
Run: `python bench/seer.py --variant belote --b medium --deals 400 --seed 1 --jobs 2`
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import BOTS, Bot, arena, get_bot, warm_up  # noqa: E402
from games.bots.hard import HardBot  # noqa: E402
from games.bots.medium import CardSearch  # noqa: E402
from games.bots.view import SeatView  # noqa: E402
from games.rules.actions import PLAYS, Action  # noqa: E402
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402


class SeerBot(HardBot):
    """Hard's calls; its cards chosen in the true world (`world`, set before each decision)."""

    name = "seer"
    offered = False
    world: list[int] = []  # noqa: RUF012 (each process's one seer table at a time)

    def decide(self, view: SeatView, budget_ms: float, rng: random.Random) -> Action:
        if view.phase == "bidding":
            return super().decide(view, budget_ms, rng)
        left = sum(hand.bit_count() for hand in self.world)
        solve_below = self.depth.solve_below(left)
        values = CardSearch.of(view).totals([self.world], [1.0], view.legal_cards, solve_below)
        best = max(range(len(values)), key=values.__getitem__)
        return PLAYS[view.legal_cards[best]]


def play_hand_seen(
    state: HandState, seats: Sequence[Bot], labels: Sequence[str], tally: arena.Tally,
    seed: int, budget_ms: float | None,
) -> None:  # fmt: skip
    """The arena's `play_hand`, the seer told the cards each seat holds before it acts."""
    step = 0
    while state.to_act is not None:
        seat = state.to_act
        SeerBot.world = list(state.held)
        seed_now = arena.decision_seed(seed, step)
        action = seats[seat].act(state.view(seat), budget_ms=budget_ms, seed=seed_now)
        state.apply(action, seat)
        step += 1


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, play, print the arena's figures and the share of tied pairs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="belote")
    parser.add_argument("--b", choices=sorted(BOTS), default="medium")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    warm_up()
    arena.play_hand = play_hand_seen  # forked workers inherit it
    tally = arena.run_deals(
        args.variant, SeerBot(), get_bot(args.b), args.deals, args.seed, jobs=args.jobs
    )
    result = arena.figures(tally)
    ties = sum(score == 0.5 for score in tally.pair_scores) / max(len(tally.pair_scores), 1)
    low, high = result["pair_win_share_ci95"]
    sys.stdout.write(
        f"{args.variant}: seer (hard's calls, every card seen) vs {args.b}, "
        f"{result['pairs']} mirrored deal pairs, seed {args.seed}\n"
        f"pairs won {result['pair_win_share']:.1%} ({low:.1%} .. {high:.1%}), "
        f"tied {ties:.1%}, margin {result['margin']:+} a deal\n"
    )


if __name__ == "__main__":
    main()
