"""Reads about tournaments."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.http import Http404

from tournaments.models import Entry, Round, RoundTable, Standing, Tournament


def tournament_list() -> QuerySet[Tournament]:
    """Tournaments that are not drafts, newest first, with their organizers."""
    return Tournament.objects.exclude(status=Tournament.Status.DRAFT).select_related("organizer")


def tournament_detail(*, tournament_id: int, viewer: Any) -> Tournament:
    """A tournament with entries, rounds (tables in order) and standings; 404 if none, or if
    it is a draft and the viewer is neither its organizer nor staff (drafts are unpublished)."""
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
    if tournament is None or not _may_see(tournament, viewer):
        raise Http404("No such tournament.")
    return tournament


def _may_see(tournament: Tournament, viewer: Any) -> bool:
    """Anyone sees a published tournament; a draft only its organizer and staff."""
    if tournament.status != Tournament.Status.DRAFT:
        return True
    signed_in = viewer is not None and viewer.is_authenticated
    return signed_in and (viewer.is_staff or viewer.pk == tournament.organizer_id)
