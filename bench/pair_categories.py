"""Where one bot's mirrored pairs are won: in the card play, or in the auction.

Plays the arena's mirrored deal pairs (the same seeded games as `games.bots.arena`) and sorts
each pair by how its two contracts compare, from the cards' side of the table: the same
contract twice (the card play decided the pair), one side declaring in both deals (the bolder
side's calls), the same cards declaring another strain, stake or seat, or a throw-in once.
Per category it prints the pairs, A's pair win share (95% CI) and A's margin per deal.
Run: `python bench/pair_categories.py --variant bulgarian --a hard --b medium --deals 400`
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections import defaultdict
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import BOTS, get_bot, warm_up  # noqa: E402
from games.bots.arena import (  # noqa: E402
    Job,
    Tally,
    figures,
    hand_points,
    mirrored_deal,
    record_pair,
)
from games.rules.hand import HandState  # noqa: E402
from games.rules.variants import VARIANTS  # noqa: E402

Key = tuple[int, int | None, int, int | None] | None  # seat, strain, multiplier, value


def contract_key(state: HandState) -> Key:
    """The final contract of a finished hand, or None when it was thrown in."""
    contract = state.contract
    if contract is None:
        return None
    return contract.seat, contract.bid.strain, contract.multiplier, contract.bid.value


def category(first: Key, second: Key) -> str:
    """How the contracts of a pair compare (A holds team 0's cards in the first deal)."""
    if first == second:
        return "same contract: the card play decided"
    if first is None or second is None:
        return "thrown in once"
    if first[0] & 1 != second[0] & 1:
        return "A's side declared both" if first[0] & 1 == 0 else "B's side declared both"
    if first[1:] != second[1:]:
        return "same cards declared, other strain or stakes"
    return "same cards declared, by the other partner"


def play_pair(job: Job, deal: int) -> tuple[str, list[int]]:
    """One mirrored pair: its category and A's margin in each deal."""
    hands = mirrored_deal(job, deal, Tally())
    margins = []
    for a_team, state in enumerate(hands):
        points = hand_points(state)
        margins.append(points[a_team] - points[1 - a_team])
    return category(contract_key(hands[0]), contract_key(hands[1])), margins


def summary(name: str, pairs: list[list[int]], total: int) -> str:
    """One line: pairs, A's pair win share with its 95% CI, A's margin per deal (the
    arena's own figures, for these pairs only)."""
    tally = Tally()
    for margins in pairs:
        record_pair(tally, margins)
    result = figures(tally)
    low, high = result["pair_win_share_ci95"]
    return (
        f"{name}: {len(pairs)} pairs ({len(pairs) / total:.0%}), "
        f"A won {result['pair_win_share']:.1%} ({low:.1%} .. {high:.1%}), "
        f"margin {result['margin']:+.2f} per deal"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="bulgarian", choices=sorted(VARIANTS))
    parser.add_argument("--a", default="hard", choices=sorted(BOTS))
    parser.add_argument("--b", default="medium", choices=sorted(BOTS))
    parser.add_argument("--deals", type=int, default=400, help="mirrored deal pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    warm_up()
    job = Job(args.variant, get_bot(args.a), get_bot(args.b), args.seed, None)
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        pairs = pool.map(partial(play_pair, job), range(args.deals))
    by_category: dict[str, list[list[int]]] = defaultdict(list)
    for name, margins in pairs:
        by_category[name].append(margins)
    print(f"{args.variant}: {args.a} (A) vs {args.b} (B), seed {args.seed}")
    for name, group in sorted(by_category.items(), key=lambda item: -len(item[1])):
        print(summary(name, group, len(pairs)))
    print(summary("all", [margins for _, margins in pairs], len(pairs)))


if __name__ == "__main__":
    main()
