"""Celery tasks of tournaments: thin, by id, each safe to run twice."""

from __future__ import annotations

from celery import shared_task
from celery.signals import worker_ready
from django.utils import timezone

from tournaments.rounds import (
    round_absentees_replace,
    round_finalize,
    round_start,
    rounds_sweep,
)
from tournaments.services import tournaments_advance_due


@shared_task(name="tournaments.start_round", ignore_result=True)
def start_round(round_id: int) -> bool:
    """Pair a pending round and open its tables (no-op once started)."""
    return round_start(round_id=round_id)


@shared_task(name="tournaments.finalize_round", ignore_result=True)
def finalize_round(round_id: int) -> bool:
    """Finalize a round whose tables are all done or whose deadline passed (no-op otherwise)."""
    return round_finalize(round_id=round_id)


@shared_task(name="tournaments.round_deadline", ignore_result=True)
def round_deadline(round_id: int) -> bool:
    """At the round's deadline: decide its unfinished tables by their score and finalize.

    A deadline moved by a pause has its own task; this one, come early, finds nothing due.
    """
    return round_finalize(round_id=round_id)


@shared_task(name="tournaments.absentees_replace", ignore_result=True)
def absentees_replace(round_id: int) -> int:
    """After the grace: bots hold the seats of the round's players who have not come."""
    return round_absentees_replace(round_id=round_id)


@shared_task(name="tournaments.sweep", ignore_result=True)
def sweep() -> int:
    """Beat, each minute: scheduled steps, deadlines, and what a lost message left behind."""
    return tournaments_advance_due(now=timezone.now()) + rounds_sweep()


@worker_ready.connect
def sweep_when_a_worker_starts(**kwargs: object) -> None:
    """A restarted worker picks up the rounds its predecessor was watching."""
    sweep.delay()
