"""How well a seat's sampled worlds place the cards it cannot see, weighted by the play model.

A seer that sees every card wins some 80% of mirrored pairs against medium (`bench/seer.py`),
so where hard puts the hidden cards is worth measuring on its own. Medium plays deals against
itself (seeded); at every card a seat chooses among two or more, after the first trick, the
seat draws worlds as hard does (uniform under what it knows, the auction filter) and weighs
them by the learned play model raised to each power given (0: unweighted), and with
`--auction` by the others' calls as hard does. Printed per power:
the mean log-probability and probability the weighted worlds give each hidden card's true
seat, over all hidden cards of all decisions.
Run: `python bench/inference.py --variant belote --deals 60 --worlds 160 --powers 0 1 2`
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from games.bots import get_bot, warm_up  # noqa: E402
from games.bots.arena import decision_seed  # noqa: E402
from games.bots.auction import AuctionLikelihood  # noqa: E402
from games.bots.inference import infer  # noqa: E402
from games.bots.likelihood import PlayLikelihood  # noqa: E402
from games.bots.medium import call_weights, draw_worlds  # noqa: E402
from games.bots.sampling import WorldSampler  # noqa: E402
from games.bots.view import read_view  # noqa: E402
from games.rules.cards import shuffled_deck  # noqa: E402
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS, get_variant  # noqa: E402

FLOOR = 1e-3  # a hidden card given no chance at its true seat counts as this


def placements(
    view_json: dict[str, Any], truth: list[int], worlds: int, powers: Sequence[float],
    rng: random.Random, reads: bool,
) -> list[tuple[float, float]] | None:  # fmt: skip
    """Per power: summed log-probability and probability of each hidden card's true seat,
    and (last) the number of hidden cards; None when the seat sees every card."""
    view = read_view(view_json)
    knowledge = infer(view)
    if not knowledge.unseen:
        return None
    sampler = WorldSampler(view, knowledge)
    drawn = draw_worlds(view, sampler, worlds, rng)
    calls = np.asarray(call_weights(view, AuctionLikelihood(view), drawn, reads), float)
    logs = np.log(np.maximum(PlayLikelihood(view).weights(drawn), 1e-300))
    hidden = [c for c in range(32) if knowledge.unseen >> c & 1]
    home = {c: next(s for s in range(4) if truth[s] >> c & 1) for c in hidden}
    at_home = np.array([[world[home[c]] >> c & 1 for c in hidden] for world in drawn], float)
    sums = []
    for power in powers:
        weights = calls * np.exp(power * (logs - logs.max()))
        chance = weights @ at_home / weights.sum()
        sums.append((float(np.log(np.maximum(chance, FLOOR)).sum()), float(chance.sum())))
    return [*sums, (float(len(hidden)), 0.0)]


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, play and measure, print one line per power."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="belote")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--worlds", type=int, default=160, help="worlds drawn per decision")
    parser.add_argument("--powers", type=float, nargs="+", default=[0.0, 1.0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--auction", action="store_true", help="weigh by the calls too, as hard does"
    )
    args = parser.parse_args(argv)
    warm_up()
    medium = get_bot("medium")
    variant = get_variant(args.variant)
    totals = np.zeros((len(args.powers) + 1, 2))
    decisions = 0
    for deal in range(args.deals):
        deck = shuffled_deck(random.Random(decision_seed(args.seed, deal)))  # noqa: S311
        state = HandState(variant, deal % 4, deck)
        step = 0
        while (seat := state.to_act) is not None:
            view = state.view(seat)
            choices = len(state.legal_actions())
            if state.phase == "playing" and choices > 1 and len(view.get("tricks", [])) > 0:
                rng = random.Random(decision_seed(args.seed, deal, step))  # noqa: S311
                found = placements(
                    view, list(state.held), args.worlds, args.powers, rng, args.auction
                )
                if found is not None:
                    totals += np.array(found)
                    decisions += 1
            state.apply(medium.act(view, seed=decision_seed(args.seed, deal, step, 1)), seat)
            step += 1
    cards = totals[-1, 0]
    sys.stdout.write(
        f"{args.variant}: {args.deals} deals of medium self-play, {decisions} decisions, "
        f"{int(cards)} hidden cards, {args.worlds} worlds each\n"
    )
    for power, (log_sum, chance_sum) in zip(args.powers, totals[:-1], strict=True):
        sys.stdout.write(
            f"power {power:g}: mean log-probability of the true seat {log_sum / cards:.4f}, "
            f"mean probability {chance_sum / cards:.4f} (exp of the mean log "
            f"{math.exp(log_sum / cards):.4f})\n"
        )


if __name__ == "__main__":
    main()
