"""The one rule of who runs an event: its organizer, or staff."""

from __future__ import annotations

from typing import Any

from tournaments.models import Tournament


def may_run(user: Any, tournament: Tournament) -> bool:
    """Whether this user (anonymous included) may run the tournament."""
    return bool(
        user is not None
        and user.is_authenticated
        and (user.is_staff or user.pk == tournament.organizer_id)
    )
