"""Reads about accounts (named queries: ruff A005 forbids shadowing the stdlib selectors)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Case, F, IntegerField, Prefetch, Q, QuerySet, Value, When, Window
from django.db.models.functions import RowNumber

from accounts.models import Rating, RatingChange, User
from accounts.usernames import level_account
from games.choices import BotLevel, variant_choices
from games.models import Match, MatchPlayer


def bot_list() -> QuerySet[User]:
    """The computer levels' own accounts, weakest first, with their ratings (not a tournament's
    stand-ins and fillers: each would have been a column of the home page's table)."""
    strength = Case(
        *(When(bot_level=level, then=Value(rank)) for rank, level in enumerate(BotLevel)),
        output_field=IntegerField(),
    )
    return (
        User.objects.filter(username__in=[level_account(level.value) for level in BotLevel])
        .prefetch_related("ratings")  # laid out per rule set by bot_rating_rows
        .order_by(strength, "username")
    )


@dataclass(frozen=True)
class BotRatingRow:
    """A rule set's line of the computer players' ratings: one value per bot (None: unrated)."""

    variant: str
    label: str
    values: list[float | None]


def bot_rating_rows(bots: list[User]) -> list[BotRatingRow]:
    """The bots' ratings, a line per rule set in the site's order: three numbers side by side,
    where a list per bot repeated every rule set's name three times."""
    held = {(r.user_id, r.variant): r.value for bot in bots for r in bot.ratings.all()}
    return [
        BotRatingRow(variant, str(label), [held.get((bot.pk, variant)) for bot in bots])
        for variant, label in variant_choices()
    ]


def player_list() -> QuerySet[User]:
    """Everyone with an account, people and bots, by username."""
    return User.objects.filter(is_active=True).prefetch_related("ratings").order_by("username")


# A leaderboard lists people with at least this many rated matches (a rating behind it).
LEADERBOARD_MIN_MATCHES = 3


def leaderboard(*, variant: str, everyone: bool = False) -> QuerySet[Rating]:
    """Ratings of a rule set, best first, each with its rank (ties broken by username).

    People with LEADERBOARD_MIN_MATCHES rated matches or more; `everyone` adds the rest and
    the computer players, each with its real count of rated matches.
    """
    order = [F("value").desc(), F("user__username").asc()]
    shown = Q() if everyone else Q(user__is_bot=False, rated_matches__gte=LEADERBOARD_MIN_MATCHES)
    return (
        Rating.objects.filter(shown, variant=variant, user__is_active=True)
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


@dataclass(frozen=True)
class MatchLine:
    """A finished match as one player's profile lists it."""

    match: Match
    won: bool | None  # None: it ended level
    partners: list[User]
    opponents: list[User]
    change: RatingChange | None


def recent_matches(*, user: User, limit: int = 10) -> list[MatchLine]:
    """The player's last finished matches, newest first, each with their rating change.

    A computer player may hold seats on both sides (a person with a computer partner against
    two computers): its side is the one where it holds the most seats, and it is listed
    neither with nor against itself."""
    matches = (
        Match.objects.filter(seated__user=user, finished_at__isnull=False)
        .prefetch_related(
            Prefetch("seated", queryset=MatchPlayer.objects.select_related("user")),
            Prefetch("rating_changes", queryset=RatingChange.objects.filter(user=user)),
        )
        .distinct()  # one line a match, however many seats the player held
        .order_by("-finished_at")[:limit]
    )
    lines = []
    for match in matches:
        seated = list(match.seated.all())
        held = Counter(p.team for p in seated if p.user_id == user.pk)
        team = held.most_common(1)[0][0]
        others = [p for p in seated if p.user_id != user.pk]
        changes = list(match.rating_changes.all())
        lines.append(
            MatchLine(
                match=match,
                won=None if match.winner_team is None else match.winner_team == team,
                partners=[p.user for p in others if p.team == team],
                opponents=[p.user for p in others if p.team != team],
                change=changes[0] if changes else None,
            )
        )
    return lines
