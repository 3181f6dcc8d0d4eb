"""A match: hands in sequence, the deal rotating, hanging points carried, until a team wins.

A match may instead be a fixed number of deals (duplicate events compare deal by deal, so
every table must play them all): the target then ends nothing, and after the last deal the
team ahead wins (nobody when level).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules import inputs
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
        deals: int | None = None,
    ) -> None:
        if deals is not None and (not inputs.is_whole(deals) or deals < 1):
            raise InvalidInputError("a match of a fixed number of deals has at least one")
        self.rules = get_variant(variant, house_rules)
        self.dealer = inputs.seat(dealer)
        self.deals = deals
        self.score = [0, 0]
        self.hanging = [0, 0]
        self.winner: int | None = None
        self.history: list[dict[str, Any]] = []
        self.hand: HandState | None = None

    @property
    def is_over(self) -> bool:
        """Whether a team has won, or every deal of a fixed-length match has been played."""
        return self.winner is not None or (
            self.deals is not None and len(self.history) >= self.deals
        )

    def new_hand(
        self,
        *,
        seed: int | random.Random | None = None,
        deck: Sequence[int] | None = None,
        dealer: int | None = None,
    ) -> HandState:
        """Deal the next hand (seeded or stacked) with the match's score and hanging points.

        `dealer` moves the deal to another seat for this hand (a duplicate deal turned a
        quarter); the deal passes on from there.
        """
        if self.is_over:
            raise InvalidInputError("the match is over")
        if self.hand is not None:
            raise InvalidInputError("record the current hand before dealing another")
        if dealer is not None:
            self.dealer = inputs.seat(dealer)
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
        self.history.append(
            {"dealer": self.dealer, "outcome": score.outcome, "hand_points": score.hand_points}
        )
        self.winner = score.winner if self.deals is None else self._leader_after_last_deal()
        self.dealer = (self.dealer + 1) % 4
        self.hand = None
        return score

    def _leader_after_last_deal(self) -> int | None:
        """A fixed-length match: the team ahead once the last deal is played (None: level)."""
        if len(self.history) < (self.deals or 0) or self.score[0] == self.score[1]:
            return None
        return 0 if self.score[0] > self.score[1] else 1

    def to_json(self) -> dict[str, Any]:
        """Lossless JSON of the match, the hand in progress included."""
        data: dict[str, Any] = {
            "variant": self.rules.name,
            "house_rules": dict(self.rules.chosen_rules),
            "dealer": self.dealer,
            "score": list(self.score),
            "hanging": list(self.hanging),
            "winner": self.winner,
            "history": [dict(h) for h in self.history],
            "hand": self.hand.to_json() if self.hand is not None else None,
        }
        if self.deals is not None:
            data["deals"] = self.deals
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Match:
        """Rebuild a match saved by to_json."""
        try:
            data = inputs.mapping(data, "a saved match")
            match = cls(
                data["variant"], data["house_rules"], dealer=data["dealer"], deals=data.get("deals")
            )
            match.score = list(inputs.points(data["score"], "the score"))
            match.hanging = list(inputs.points(data["hanging"], "the hanging points"))
            match.winner = _team_or_none(data["winner"])
            history = inputs.sequence(data["history"], "the history")
            match.history = [_deal_record(item) for item in history]
            hand = data["hand"]
            if hand is not None:
                match.hand = HandState.from_json(hand)
                if match.hand.variant.name != match.rules.name:
                    raise InvalidInputError("the hand in progress is of another rule set")
        except KeyError as exc:
            raise InvalidInputError(f"not a saved match: {exc} is missing") from exc
        except InvalidInputError as exc:
            raise InvalidInputError(f"not a saved match: {exc}") from exc
        return match


def _team_or_none(value: object) -> int | None:
    """A saved winner: team 0 or 1, or None while nobody has won."""
    if value is not None and (not inputs.is_whole(value) or value not in (0, 1)):
        raise InvalidInputError(f"the winner is team 0 or 1 (or null), not {value!r}")
    return value


def _deal_record(item: object) -> dict[str, Any]:
    """One entry of a saved match's history: who dealt, how it ended, the points it gave."""
    record = dict(inputs.mapping(item, "a deal of the history"))
    inputs.seat(record.get("dealer"))
    inputs.points(record.get("hand_points"), "a deal's hand points")
    if not isinstance(record.get("outcome"), str):
        raise InvalidInputError("a deal's outcome is a word")
    return record
