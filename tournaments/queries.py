"""Reads about tournaments."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Tournament


def tournament_list() -> QuerySet[Tournament]:
    """Tournaments that are not drafts, newest first, with their organizers."""
    return Tournament.objects.exclude(status=Tournament.Status.DRAFT).select_related("organizer")
