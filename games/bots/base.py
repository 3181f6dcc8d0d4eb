"""The one bot interface: a seat's view, a time budget and a seed in; an action out."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from games.bots.view import SeatView, read_view
from games.rules.actions import Action


class Bot(ABC):
    """A computer player. It sees exactly what a person in its seat sees, nothing more."""

    name: ClassVar[str]
    budget_ms: ClassVar[float] = 100.0  # the level's own time budget per decision
    offered: ClassVar[bool] = True  # whether players may choose it as an opponent or partner

    def act(
        self, view: Mapping[str, Any], *, budget_ms: float | None = None, seed: int = 0
    ) -> Action:
        """Choose an action from `HandState.view(seat)`; the same inputs give the same action.

        `budget_ms` (default: the level's own) scales how much a searching bot looks ahead;
        it is turned into a fixed amount of work rather than read off a clock, so decisions
        replay exactly.
        """
        seen = read_view(view)
        if not seen.legal:
            raise ValueError("it is not this seat's turn")
        if len(seen.legal) == 1:
            return seen.legal[0]
        budget = self.budget_ms if budget_ms is None else budget_ms
        return self.decide(seen, budget, random.Random(seed))  # noqa: S311 (replayable play)

    @abstractmethod
    def decide(self, view: SeatView, budget_ms: float, rng: random.Random) -> Action:
        """Choose among `view.legal` (at least two choices)."""


class RandomBot(Bot):
    """Uniformly random legal actions: the floor every other level must beat."""

    name = "random"
    offered = False  # a baseline for tests and the arena, not an opponent

    def decide(self, view: SeatView, budget_ms: float, rng: random.Random) -> Action:
        return view.legal[rng.randrange(len(view.legal))]
