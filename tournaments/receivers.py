"""Reactions to live tables' signals: a finished tournament match finalizes its round at once."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from games.signals import match_finished
from tournaments.models import RoundTable


@receiver(match_finished, dispatch_uid="tournaments.finalize_on_match_finished")
def finalize_when_a_match_ends(sender: object, *, table_id: int, **kwargs: object) -> None:
    """Queue the round's finalize (it checks the other tables); the watcher is the backstop."""
    from tournaments import tasks  # tasks import the services that import this app's models.

    round_id = (
        RoundTable.objects.filter(table_id=table_id).values_list("round_id", flat=True).first()
    )
    if round_id is not None:
        transaction.on_commit(lambda: tasks.finalize_round.delay(round_id))
