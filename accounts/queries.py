"""Reads about accounts (named queries: ruff A005 forbids shadowing the stdlib selectors)."""

from __future__ import annotations

from django.db.models import Case, F, IntegerField, Prefetch, QuerySet, Value, When, Window
from django.db.models.functions import RowNumber

from accounts.models import Rating, RatingChange, User
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


def player_list() -> QuerySet[User]:
    """Everyone with an account, people and bots, by username."""
    return User.objects.filter(is_active=True).prefetch_related("ratings").order_by("username")


def leaderboard(*, variant: str) -> QuerySet[Rating]:
    """Ratings of a rule set, best first, each with its rank (ties broken by username)."""
    order = [F("value").desc(), F("user__username").asc()]
    return (
        Rating.objects.filter(variant=variant, user__is_active=True)
        .select_related("user")
        .annotate(rank=Window(RowNumber(), order_by=order))
        .order_by(*order)
    )


def rating_history(*, user: User, variant: str | None = None) -> QuerySet[RatingChange]:
    """A player's rating changes, oldest first, in one rule set or all."""
    changes = RatingChange.objects.filter(user=user)
    if variant is not None:
        changes = changes.filter(variant=variant)
    return changes.order_by("created_at", "id")
