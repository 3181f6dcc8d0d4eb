"""Reads about accounts (named queries: ruff A005 forbids shadowing the stdlib selectors)."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from accounts.models import Rating, User


def bot_list() -> QuerySet[User]:
    """Computer players, weakest first, with their ratings."""
    return (
        User.objects.filter(is_bot=True)
        .prefetch_related(Prefetch("ratings", queryset=Rating.objects.order_by("variant")))
        .order_by("bot_level", "username")
    )
