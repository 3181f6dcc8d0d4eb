"""Who has come to their seat: a seated player's socket marks their arrival at a table, so
an event can tell a late player (a bot holds the seat until they come) from one playing."""

from __future__ import annotations

from django.core.cache import cache

# Long enough for any match; a marker only says "has been here", never "is here now".
ARRIVAL_SECONDS = 24 * 3600


def _key(table_id: int, user_id: int) -> str:
    return f"seat-arrived:{table_id}:{user_id}"


def seat_arrived(*, table_id: int, user_id: int) -> None:
    """Note that the player opened their seat's socket at this table."""
    cache.set(_key(table_id, user_id), True, timeout=ARRIVAL_SECONDS)


def has_arrived(*, table_id: int, user_id: int) -> bool:
    """Whether the player has opened their seat at this table since it opened."""
    return bool(cache.get(_key(table_id, user_id), False))
