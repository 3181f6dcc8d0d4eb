"""Writes about tournaments."""

from __future__ import annotations

from accounts.models import User
from games.choices import Variant
from tournaments.models import Tournament


def tournament_ensure(
    *,
    name: str,
    variant: Variant,
    tournament_format: Tournament.Format,
    organizer: User,
    status: Tournament.Status,
) -> Tournament:
    """Create a tournament of that name and organizer once."""
    tournament, _ = Tournament.objects.get_or_create(
        name=name,
        organizer=organizer,
        defaults={"variant": variant, "format": tournament_format, "status": status},
    )
    return tournament
