"""Soft inference from the play: how likely a world makes the cards the others chose.

Hard constraints (voids, announced cards) decide which worlds are possible; this weighs the
possible ones by how natural each past play would have been with the cards the world gives,
under the learned play model (`games.bots.policy`): a player last to a trick who let an
opponent keep it while holding a card that beats it, or who threw points away while holding
a cheaper card, probably held no such card. Weights are never zero, so a surprising player
(or a person) only shifts the odds.
"""

from __future__ import annotations

import numpy as np

from games.bots.kernel import Context
from games.bots.policy import log_likelihood, shipped_model
from games.bots.view import SeatView


class PlayLikelihood:
    """Weights worlds by the others' past free choices, for one seat's view: by their
    probability under the learned play model."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.model = shipped_model(view.variant.name)
        self.rules = view.rules()

    def weights(self, worlds: list[list[int]]) -> list[float]:
        """Relative likelihood of the others' free plays in each world (the likeliest 1)."""
        view, contract, model = self.view, self.view.contract, self.model
        if not view.plays or model is None:
            return [1.0] * len(worlds)
        if self.rules is None or contract is None:
            return [1.0] * len(worlds)
        ctx = Context.of(self.rules, view.variant.belot_needs_suit)
        played = [view.played_by(s) for s in range(4)]
        dealt = [[world[s] | played[s] for s in range(4)] for world in worlds]
        plays = view.plays
        logs = log_likelihood(
            ctx, dealt, plays[0].seat, [p.card for p in plays], [p.seat for p in plays],
            view.seat, contract.team, model,
        )  # fmt: skip
        result: list[float] = np.exp(logs - logs.max()).tolist()
        return result
