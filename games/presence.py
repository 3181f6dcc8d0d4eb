"""Who has come to their seat, and who sits there now.

A seated player's socket marks their arrival at a table, so an event can tell a late player
(a bot holds the seat until they come) from one playing. While it stays open (it pings every
25 s) it also says the player is at the table now: the lobby lists a table waiting for players
only while someone waits there, not one its host left by closing the tab.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.cache import cache

# Long enough for any match; a marker only says "has been here", never "is here now".
ARRIVAL_SECONDS = 24 * 3600
# Pings missed for this long (a hidden tab's timers may fire once a minute): the socket is
# gone even where its close never reached the server.
HERE_SECONDS = 150


def _key(table_id: int, user_id: int) -> str:
    return f"seat-arrived:{table_id}:{user_id}"


def _here_key(table_id: int, user_id: int) -> str:
    return f"seat-here:{table_id}:{user_id}"


def seat_arrived(*, table_id: int, user_id: int) -> None:
    """Note that the player opened their seat's socket at this table."""
    cache.set(_key(table_id, user_id), True, timeout=ARRIVAL_SECONDS)


def has_arrived(*, table_id: int, user_id: int) -> bool:
    """Whether the player has opened their seat at this table since it opened."""
    return bool(cache.get(_key(table_id, user_id), False))


def seat_here(*, table_id: int, user_id: int) -> None:
    """Note that the player's socket at their seat is open (on opening it and on each ping)."""
    cache.set(_here_key(table_id, user_id), True, timeout=HERE_SECONDS)


def seat_left(*, table_id: int, user_id: int) -> None:
    """Note that the player's socket closed; another tab of theirs says so again at its ping."""
    cache.delete(_here_key(table_id, user_id))


def tables_with_someone_here(seated: Iterable[tuple[int, int]]) -> set[int]:
    """Of the (table, user) pairs of seated people, the tables where one of them is here."""
    keys = {_here_key(table_id, user_id): table_id for table_id, user_id in seated}
    return {keys[key] for key in cache.get_many(list(keys))}
