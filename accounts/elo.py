"""The Elo arithmetic of partnership games, apart from the database so it can be checked by hand."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# Rated matches after which a player's rating is no longer provisional (and K drops).
PROVISIONAL_MATCHES = 20
K_PROVISIONAL = 40.0
K_ESTABLISHED = 20.0


@dataclass(frozen=True)
class PlayerBefore:
    """A player's rating and rated-match count as the match starts."""

    user_id: int
    rating: float
    rated_matches: int


@dataclass(frozen=True)
class PlayerChange:
    """One player's move: the figures stored in the rating history."""

    user_id: int
    before: float
    after: float
    expected: float
    result: float


def is_provisional(rated_matches: int) -> bool:
    """A rating is provisional until enough matches give it weight."""
    return rated_matches < PROVISIONAL_MATCHES


def k_factor(rated_matches: int) -> float:
    """Provisional ratings move fast so a new player finds their level quickly."""
    return K_PROVISIONAL if is_provisional(rated_matches) else K_ESTABLISHED


def team_rating(players: Sequence[PlayerBefore]) -> float:
    """A partnership plays as the mean of its players."""
    return sum(player.rating for player in players) / len(players)


def expected_score(rating: float, opponent: float) -> float:
    """The share of the result a side of this rating is expected to take (logistic, 400)."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / 400.0))


def match_changes(
    teams: tuple[Sequence[PlayerBefore], Sequence[PlayerBefore]], first_team_result: float
) -> list[PlayerChange]:
    """Every player's change after a match; first_team_result is 1 (won), 0.5 or 0 (lost).

    One account may hold several seats (a computer player's account fills every bot seat). Its
    rating counts once per seat in the team means; it moves once if all its seats are on one
    side, and not at all if it sat on both sides (it played itself: a fixed yardstick).
    """
    if not 0.0 <= first_team_result <= 1.0:
        raise ValueError(f"a result lies between 0 and 1, not {first_team_result}")
    ratings = (team_rating(teams[0]), team_rating(teams[1]))
    results = (first_team_result, 1.0 - first_team_result)
    sides: dict[int, set[int]] = {}
    for side, players in enumerate(teams):
        for player in players:
            sides.setdefault(player.user_id, set()).add(side)
    changes: list[PlayerChange] = []
    for side, players in enumerate(teams):
        expected = expected_score(ratings[side], ratings[1 - side])
        for player in players:
            if len(sides[player.user_id]) > 1 or any(c.user_id == player.user_id for c in changes):
                continue
            delta = k_factor(player.rated_matches) * (results[side] - expected)
            changes.append(
                PlayerChange(
                    user_id=player.user_id,
                    before=player.rating,
                    after=player.rating + delta,
                    expected=expected,
                    result=results[side],
                )
            )
    return changes
