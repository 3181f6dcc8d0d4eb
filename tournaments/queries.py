"""Reads about tournaments."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet
from django.http import Http404

from tournaments.models import Entry, Round, RoundTable, Standing, Tournament


def tournament_list() -> QuerySet[Tournament]:
    """Tournaments that are not drafts, newest first, with their organizers."""
    return Tournament.objects.exclude(status=Tournament.Status.DRAFT).select_related("organizer")


def tournament_detail(*, tournament_id: int) -> Tournament:
    """A tournament with entries, rounds (tables in order) and standings; 404 if none."""
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
        raise Http404("No such tournament.")
    return tournament
