"""Reads about accounts (named queries: ruff A005 forbids shadowing the stdlib selectors)."""

from __future__ import annotations

from django.db.models import Case, IntegerField, Prefetch, QuerySet, Value, When

from accounts.models import Rating, User
from games.choices import BotLevel


def bot_list() -> QuerySet[User]:
    """Computer players, weakest first, with their ratings."""
    strength = Case(
        *(When(bot_level=level, then=Value(rank)) for rank, level in enumerate(BotLevel)),
        output_field=IntegerField(),
    )
    return (
        User.objects.filter(is_bot=True)
        .prefetch_related(Prefetch("ratings", queryset=Rating.objects.order_by("variant")))
        .order_by(strength, "username")
    )
