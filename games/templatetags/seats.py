"""Who sits where, as server-rendered pages show it: the names the table itself shows."""

from __future__ import annotations

from django import template

from games import queries
from games.models import Seat

register = template.Library()


@register.filter
def seat_name(seat: Seat) -> str:
    """The seat's player as the table names them (a computer player by its seat's name)."""
    return queries.seat_name(seat) or ""
