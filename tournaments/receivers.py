"""Reactions to other apps' signals: a finished tournament match finalizes its round at once;
a table page names the event it is played in; an account in an unfinished event may not close
yet."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.dispatch import receiver
from django.urls import reverse

from accounts.models import User
from config.account_events import account_closing
from config.errors import ServiceError
from games.models import Table
from games.signals import match_finished, table_event
from tournaments.models import RoundTable, Tournament


@receiver(match_finished, dispatch_uid="tournaments.finalize_on_match_finished")
def finalize_when_a_match_ends(sender: object, *, table_id: int, **kwargs: object) -> None:
    """Queue the round's finalize (it checks the other tables); the watcher is the backstop."""
    from tournaments import tasks  # tasks import the services that import this app's models.

    round_id = (
        RoundTable.objects.filter(table_id=table_id).values_list("round_id", flat=True).first()
    )
    if round_id is not None:
        transaction.on_commit(lambda: tasks.finalize_round.delay(round_id))


@receiver(table_event, dispatch_uid="tournaments.name_the_tables_event")
def the_tables_event(sender: object, *, table: Table, **kwargs: object) -> tuple[str, str] | None:
    """A round's table: the tournament's name and page, where the next round is paired."""
    tournament = Tournament.objects.filter(rounds__tables__table=table).first()
    if tournament is None:
        return None
    return tournament.name, reverse("tournaments:detail", args=[tournament.pk])


@receiver(account_closing, dispatch_uid="tournaments.refuse_while_in_an_event")
def refuse_while_in_an_event(
    sender: object, *, user: User, **kwargs: object
) -> ServiceError | None:
    """An event they play in or organize needs them until it ends (or they withdraw, or it is
    cancelled): its pairings, standings and organizer's tools name them."""
    unfinished = Tournament.objects.exclude(
        status__in=[Tournament.Status.FINISHED, Tournament.Status.CANCELLED]
    )
    entered = unfinished.filter(
        Q(entries__player_one=user) | Q(entries__player_two=user),
        entries__withdrawn_after_round__isnull=True,
    ).first()
    if entered is not None:
        return ServiceError(
            "in_an_event",
            "You are entered in %(event)s: withdraw from it, or wait for its end, before "
            "closing your account.",
            values={"event": entered.name},
        )
    organized = unfinished.filter(organizer=user).first()
    if organized is not None:
        return ServiceError(
            "in_an_event",
            "You organize %(event)s: cancel it, or wait for its end, before closing your account.",
            values={"event": organized.name},
        )
    return None
