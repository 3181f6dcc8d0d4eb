"""A match: hands in sequence, the deal rotating, hanging points carried, until a team wins."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules.errors import InvalidInputError
from games.rules.hand import HandState
from games.rules.variants import get_variant
from games.rules.variants.base import HandScore


class Match:
    """The running score of one game; deals each hand and records it when it is over."""

    def __init__(
        self,
        variant: str,
        house_rules: Mapping[str, object] | None = None,
        *,
        dealer: int = 0,
    ) -> None:
        self.rules = get_variant(variant, house_rules)
        self.dealer = dealer
        self.score = [0, 0]
        self.hanging = [0, 0]
        self.winner: int | None = None
        self.history: list[dict[str, Any]] = []
        self.hand: HandState | None = None

    def new_hand(
        self, *, seed: int | random.Random | None = None, deck: Sequence[int] | None = None
    ) -> HandState:
        """Deal the next hand (seeded or stacked) with the match's score and hanging points."""
        if self.winner is not None:
            raise InvalidInputError("the match is over")
        if self.hand is not None:
            raise InvalidInputError("record the current hand before dealing another")
        self.hand = HandState.new(
            self.rules,
            dealer=self.dealer,
            seed=seed,
            deck=deck,
            match_score=self.score,
            hanging=self.hanging,
        )
        return self.hand

    def record(self) -> HandScore:
        """Take the finished hand's score; the deal passes on, even after a thrown-in hand."""
        hand = self.hand
        if hand is None or not hand.is_over:
            raise InvalidInputError("no finished hand to record")
        score = hand.score()
        if score is None:
            raise InvalidInputError("no finished hand to record")
        self.score = list(score.match_score)
        self.hanging = list(score.hanging)
        self.winner = score.winner
        self.history.append(
            {"dealer": self.dealer, "outcome": score.outcome, "hand_points": score.hand_points}
        )
        self.dealer = (self.dealer + 1) % 4
        self.hand = None
        return score

    def to_json(self) -> dict[str, Any]:
        """Lossless JSON of the match, the hand in progress included."""
        return {
            "variant": self.rules.name,
            "house_rules": dict(self.rules.chosen_rules),
            "dealer": self.dealer,
            "score": list(self.score),
            "hanging": list(self.hanging),
            "winner": self.winner,
            "history": [dict(h) for h in self.history],
            "hand": self.hand.to_json() if self.hand is not None else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Match:
        """Rebuild a match saved by to_json."""
        try:
            match = cls(data["variant"], data["house_rules"], dealer=int(data["dealer"]))
            match.score = [int(x) for x in data["score"]]
            match.hanging = [int(x) for x in data["hanging"]]
            match.winner = data["winner"]
            match.history = [dict(h) for h in data["history"]]
            hand = data["hand"]
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidInputError(f"not a saved match: {exc}") from exc
        if hand is not None:
            match.hand = HandState.from_json(hand)
        return match
