"""Pure-Python Belote rules engine: cards, rule sets, hand and match state, scenario runner."""

from games.rules.actions import Action, Bid, Play, parse_bid, parse_play
from games.rules.cards import Card
from games.rules.errors import (
    IllegalActionError,
    InvalidInputError,
    MalformedActionError,
    RulesError,
)
from games.rules.hand import HandState, Phase
from games.rules.match import Match
from games.rules.variants import VARIANTS, get_variant

__all__ = [
    "VARIANTS",
    "Action",
    "Bid",
    "Card",
    "HandState",
    "IllegalActionError",
    "InvalidInputError",
    "MalformedActionError",
    "Match",
    "Phase",
    "Play",
    "RulesError",
    "get_variant",
    "parse_bid",
    "parse_play",
]
