"""How far card play alone could carry a bot against another: a seer that sees every card.

The seer bids as hard does, then plays each card by searching the one true world (hard's
depth: every card solved exactly from five tricks before the end, playouts before that), so
it never guesses a hidden card. Its share of mirrored pairs won against a level bounds what
any honest card play could win with hard's auction; ties (both games of a pair with the same
margin) count half, as in the arena, and their share is printed too.

With `--reveal P` the seer sees only part of the cards: each card is shown to it with chance P
(drawn once per hand), and it plays as hard does, its worlds dealt with the cards it was shown
in place. Between hard (0) and the seer (1), this says how much better hard's placement of the
hidden cards would have to be to win a given share of pairs.
With `--lead-tricks N` the seer sees every card only when it leads one of the first N tricks,
and plays every other card as hard does: what better early leads alone could win.
Run: `python bench/seer.py --variant belote --b medium --deals 400 --seed 1 --jobs 2`
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import BOTS, Bot, arena, get_bot, medium, warm_up  # noqa: E402
from games.bots.hard import HardBot  # noqa: E402
from games.bots.inference import Knowledge, infer  # noqa: E402
from games.bots.medium import CardSearch  # noqa: E402
from games.bots.view import SeatView  # noqa: E402
from games.rules.actions import PLAYS, Action  # noqa: E402
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402


class SeerBot(HardBot):
    """Hard's calls; its cards chosen in the true world (`world`, set before each decision),
    or, with `shown` set, as hard chooses them, told where the shown cards are."""

    name = "seer"
    offered = False
    world: list[int] = []  # noqa: RUF012 (each process's one seer table at a time)
    reveal: float | None = None  # each card's chance to be shown (None: every card is)
    lead_tricks: int | None = None  # with it, the seer sees only for its leads of these tricks
    shown = 0  # this hand's cards shown, with `reveal`
    acting = False  # whether a seer is the seat to act

    def decide(self, view: SeatView, budget_ms: float, rng: random.Random) -> Action:
        if view.phase == "bidding" or self.reveal is not None:
            return super().decide(view, budget_ms, rng)
        if self.lead_tricks is not None and (view.trick or len(view.plays) >= 4 * self.lead_tricks):
            return super().decide(view, budget_ms, rng)
        values = seen_values(view, self.world)
        best = max(range(len(values)), key=values.__getitem__)
        return PLAYS[view.legal_cards[best]]


def seen_values(view: SeatView, world: list[int]) -> list[float]:
    """Each legal card's value for the seat in the one true world, searched at hard's depth."""
    solve_below = HardBot.depth.solve_below(sum(hand.bit_count() for hand in world))
    return CardSearch.of(view).totals([world], [1.0], view.legal_cards, solve_below)


def infer_shown(view: SeatView) -> Knowledge:
    """What the seat infers, and in play, for the seer, where the cards it was shown are."""
    known = infer(view)
    if view.phase != "playing" or SeerBot.reveal is None or not SeerBot.acting:
        return known
    pinned, forbidden = list(known.pinned), list(known.forbidden)
    for seat in range(4):
        placed = SeerBot.world[seat] & SeerBot.shown & known.unseen
        pinned[seat] |= placed
        forbidden[seat] &= ~placed
        for other in range(4):
            if other != seat:
                forbidden[other] |= placed
    return replace(known, pinned=tuple(pinned), forbidden=tuple(forbidden))  # type: ignore[arg-type]


def decide_seen(
    state: HandState, bot: Bot, budget_ms: float | None, seed: int, step: int
) -> Action:
    """The arena's `ask`, the seer told the cards each seat holds before it acts (and, with
    `reveal`, the hand's shown cards drawn at its first decision)."""
    if SeerBot.reveal is not None and step == 0:
        draw = random.Random(seed)  # noqa: S311 (replayable)
        SeerBot.shown = sum(1 << card for card in range(32) if draw.random() < SeerBot.reveal)
    SeerBot.world = list(state.held)
    SeerBot.acting = isinstance(bot, SeerBot)
    return arena.ask(state, bot, budget_ms, seed, step)


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, play, print the arena's figures and the share of tied pairs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="belote")
    parser.add_argument("--b", choices=sorted(BOTS), default="medium")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--reveal", type=float, help="each card's chance to be shown")
    parser.add_argument(
        "--lead-tricks", type=int, help="see every card only to lead these first tricks"
    )
    args = parser.parse_args(argv)
    warm_up()
    SeerBot.reveal = args.reveal
    SeerBot.lead_tricks = args.lead_tricks
    # The search's view of the hidden cards, in forked workers too.
    medium.infer = infer_shown  # type: ignore[attr-defined]
    tally = arena.run_deals(
        args.variant, SeerBot(), get_bot(args.b), args.deals, args.seed, jobs=args.jobs,
        decide=decide_seen,
    )  # fmt: skip
    result = arena.figures(tally)
    sight = "every card seen" if args.reveal is None else f"each card shown with {args.reveal:g}"
    if args.lead_tricks is not None:
        sight += f" to lead the first {args.lead_tricks} tricks only"
    ties = sum(score == 0.5 for score in tally.pair_scores) / max(len(tally.pair_scores), 1)
    low, high = result["pair_win_share_ci95"]
    sys.stdout.write(
        f"{args.variant}: seer (hard's calls, {sight}) vs {args.b}, "
        f"{result['pairs']} mirrored deal pairs, seed {args.seed}\n"
        f"pairs won {result['pair_win_share']:.1%} ({low:.1%} .. {high:.1%}), "
        f"tied {ties:.1%}, margin {result['margin']:+} a deal\n"
    )


if __name__ == "__main__":
    main()
