"""Declarer's play that sampled search misjudges: drawing the opponents' trumps.

Open-handed playouts know where every card lies, so a side suit led into an ace looks as
good as a trump lead in the worlds where that ace sits well; real declarers draw trumps
first while they hold the master one, so the opponents cannot ruff their winners or score
their own small trumps.
"""

from __future__ import annotations

from games.bots.easy import cards
from games.bots.inference import Knowledge
from games.bots.view import SeatView
from games.rules.cards import NO_TRUMPS, STRENGTH, TRUMP_MASK


def trump_to_draw(view: SeatView, knowledge: Knowledge) -> int | None:
    """The master trump to lead, where the declarer is on lead in a suit contract, holds the
    highest trump out and an opponent may still hold a trump; else None."""
    contract = view.contract
    if contract is None or contract.mode >= NO_TRUMPS or view.trick:
        return None
    if contract.seat != view.seat:
        return None
    trumps = TRUMP_MASK[contract.mode]
    mine = view.hand & trumps
    opponents = ((view.seat + 1) % 4, (view.seat + 3) % 4)
    if not mine or not any(knowledge.allowed(seat) & trumps for seat in opponents):
        return None
    strength = STRENGTH[contract.mode]
    master = max(cards(mine), key=lambda c: strength[c])
    if any(strength[c] > strength[master] for c in cards(knowledge.unseen & trumps)):
        return None
    return master
