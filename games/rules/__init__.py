"""Pure-Python Belote rules engine: cards, rule sets, hand and match state, scenario runner.

state = HandState.new("bulgarian", dealer=0, seed=7)   # or deck=..., hands=...
state.apply(state.legal_actions()[1], seat=state.to_act)  # IllegalActionError / Malformed...
state.view(seat), state.public_view(), state.result(), state.to_json(), state.clone()
"""

from games.rules.actions import Action, Bid, Play, parse_bid, parse_play
from games.rules.cards import Card
from games.rules.errors import (
    IllegalActionError,
    InvalidInputError,
    MalformedActionError,
    RulesError,
)
from games.rules.hand import HandState, Phase, action_from_json, action_to_json
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
    "action_from_json",
    "action_to_json",
    "Play",
    "RulesError",
    "get_variant",
    "parse_bid",
    "parse_play",
]
