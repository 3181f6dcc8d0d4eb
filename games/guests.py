"""Guests' accounts: their games go with them to an account they sign in to, and the accounts
are removed once nobody can come back to them.

A guest plays against the computer without signing up, so its browser's session is its only
way back; once that has lapsed the account, and the practice tables only it played, are dead
weight that would pile up with every visitor.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import ProtectedError, Q, RestrictedError
from django.utils import timezone

from accounts.models import User
from games.models import MatchPlayer, Seat, Table
from games.services import table_seat_signed_in


def guests_expire(*, idle_days: int, limit: int) -> int:
    """Delete up to `limit` guests idle for `idle_days` (not signed in, and no table of theirs
    moved), with the tables where no other person sat; the number deleted.

    A guest who sat with other people, or whom a tournament names, keeps its account: those
    games are other people's history too.
    """
    cutoff = timezone.now() - timedelta(days=idle_days)
    idle = (
        User.guests()
        .filter(date_joined__lt=cutoff)
        .exclude(last_login__gte=cutoff)
        .exclude(seats__table__updated_at__gte=cutoff)
        .order_by("date_joined")
    )
    deleted = 0
    for guest in idle[:limit]:
        if _guest_delete(guest):
            deleted += 1
    return deleted


def guest_games_hand_over(*, guest: User, to: User) -> None:
    """A guest signed in to their account (`to`): the tables the guest played with no other
    person, against the computer, become the account's (seat, match record, authorship); a
    match in play goes on under the account's name, every viewer told. A table another person
    played at stays the guest's: it is their history too."""
    people = User.objects.filter(is_bot=False).exclude(pk=guest.pk)
    table_ids = list(
        Table.objects.filter(Q(seats__user=guest) | Q(match__seated__user=guest))
        .exclude(Q(seats__user__in=people) | Q(match__seated__user__in=people))
        .distinct()
        .values_list("pk", flat=True)
    )
    playing = Table.objects.filter(pk__in=table_ids, status=Table.Status.PLAYING, seats__user=guest)
    for table_id in playing.values_list("pk", flat=True):
        table_seat_signed_in(table_id=table_id, guest=guest, to=to)
    with transaction.atomic():
        Seat.objects.filter(table__in=table_ids, user=guest).update(user=to)
        MatchPlayer.objects.filter(match__table__in=table_ids, user=guest).update(user=to)
        Table.objects.filter(pk__in=table_ids, created_by=guest).update(created_by=to)


def _guest_delete(guest: User) -> bool:
    """Delete a guest and its practice tables, or nothing if another person's record needs it."""
    tables = Table.objects.filter(seats__user=guest).distinct()
    with_people = Seat.objects.filter(table__in=tables, user__is_bot=False).exclude(user=guest)
    if with_people.exists():
        return False
    try:
        with transaction.atomic():
            Table.objects.filter(pk__in=list(tables.values_list("pk", flat=True))).delete()
            guest.delete()
    except (ProtectedError, RestrictedError):
        return False  # a tournament names it (entered, organised)
    return True
