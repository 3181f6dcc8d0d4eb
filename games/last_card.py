"""A person's last card plays itself: on the hand's last trick the rules leave one card and no
choice, so nobody waits for the click, nor their turn's clock, nor its timeout."""

from __future__ import annotations

from games import rules
from games.models import Seat

# The actor of such a card: the person's own move, chosen by nobody (games.own_moves).
LAST_CARD = "last_card"


def last_card(seat: Seat, hand: rules.HandState | None) -> rules.Action | None:
    """The card a person's seat plays by itself now, or None (not its turn, or a choice left).

    A seat a bot decides for has its bot's move instead, and the auction never plays itself.
    """
    if seat.bot_decides or hand is None or hand.phase is not rules.Phase.PLAYING:
        return None
    if hand.to_act != seat.number or hand.held[seat.number].bit_count() != 1:
        return None
    (only,) = hand.legal_actions()
    return only


def moves_without_person(seat: Seat, hand: rules.HandState | None) -> bool:
    """Whether the seat's next move comes without its person: a bot's, or a last card."""
    return seat.bot_decides or last_card(seat, hand) is not None
