"""Reads about tournaments."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext as _

from config.errors import ServiceError
from tournaments.models import Entry, Round, RoundTable, Standing, Tournament


def tournament_list() -> QuerySet[Tournament]:
    """Tournaments that are not drafts, newest first, with their organizers."""
    return Tournament.objects.exclude(status=Tournament.Status.DRAFT).select_related("organizer")


def tournament_detail(*, tournament_id: int) -> Tournament:
    """A tournament with entries, rounds (tables in order) and standings; refused if none."""
    tables = RoundTable.objects.select_related(
        "home", "away", "home_partner", "away_partner", "winner", "table"
    )
    tournament = (
        Tournament.objects.select_related("organizer")
        .prefetch_related(
            Prefetch("entries", queryset=Entry.objects.select_related("player_one", "player_two")),
            Prefetch("rounds", queryset=Round.objects.prefetch_related(Prefetch("tables", tables))),
            Prefetch("standings", queryset=Standing.objects.select_related("entry")),
        )
        .filter(pk=tournament_id)
        .first()
    )
    if tournament is None:
        raise ServiceError("not_found", _("No such tournament."))
    return tournament


def tables_seating(*, tournament: Tournament, user: Any) -> set[int]:
    """The event's round tables where this user holds a seat (none for the anonymous)."""
    if not user.is_authenticated:
        return set()
    seated = RoundTable.objects.filter(round__tournament=tournament, table__seats__user=user)
    return set(seated.values_list("pk", flat=True))
