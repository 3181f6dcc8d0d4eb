"""Accounts and finished matches for the accounts and API tests."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import timezone

from accounts.models import Rating, User
from games.models import Match, MatchPlayer, Table

PASSWORD = "correct horse battery staple"


def make_user(username: str, *, password: str = PASSWORD, **fields: object) -> User:
    """A person who can sign in with PASSWORD."""
    return User.objects.create_user(username=username, password=password, **fields)


def rate(user: User, variant: str, value: float, rated_matches: int = 0) -> Rating:
    """Give a user a rating in a rule set."""
    return Rating.objects.create(
        user=user, variant=variant, value=value, rated_matches=rated_matches
    )


def finished_match(
    players: Sequence[User], *, winner_team: int | None, variant: str = "belote", rated: bool = True
) -> Match:
    """A match over, players in seat order (team 0: seats 0 and 2; team 1: seats 1 and 3)."""
    table = Table.objects.create(variant=variant, rated=rated, status=Table.Status.FINISHED)
    match = Match.objects.create(
        table=table,
        variant=variant,
        rated=rated,
        engine={},
        winner_team=winner_team,
        finished_at=timezone.now() if winner_team is not None else None,
    )
    for seat, user in enumerate(players):
        MatchPlayer.objects.create(match=match, seat=seat, user=user)
    return match
