"""Tournament pairing, pure Python: brackets, Swiss, round robin, duplicate and partner rotation.

The services layer stores entries, rounds and results; these functions read plain values and
say who plays whom, so every rule here is tested without a database.
"""

from tournaments.pairing.duplicate import (
    Board,
    Comparison,
    DuplicateSchedule,
    Hands,
    comparison_scores,
    duplicate_schedule,
    duplicate_standings,
)
from tournaments.pairing.elimination import (
    Bracket,
    BracketMatch,
    LoserOf,
    Seed,
    Slot,
    WinnerOf,
    seed_positions,
    single_elimination,
)
from tournaments.pairing.entries import Entry, EntryId, Result, Round
from tournaments.pairing.partners import Partnerships, partner_round
from tournaments.pairing.round_robin import round_robin
from tournaments.pairing.standings import Standing, points_scored, rank_by, standings
from tournaments.pairing.swiss import swiss_round

__all__ = [
    "Board",
    "Bracket",
    "BracketMatch",
    "Comparison",
    "DuplicateSchedule",
    "Entry",
    "EntryId",
    "Hands",
    "LoserOf",
    "Partnerships",
    "Result",
    "Round",
    "Seed",
    "Slot",
    "Standing",
    "WinnerOf",
    "comparison_scores",
    "duplicate_schedule",
    "duplicate_standings",
    "partner_round",
    "round_robin",
    "seed_positions",
    "single_elimination",
    "points_scored",
    "rank_by",
    "standings",
    "swiss_round",
]
