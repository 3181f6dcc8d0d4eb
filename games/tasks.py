"""Celery tasks of live tables: thin, by id and version, harmless when run twice."""

from __future__ import annotations

from celery import current_app, shared_task
from celery.signals import worker_ready
from django.conf import settings

# As a module: the outbox, which queues these tasks, is imported by the services.
from games import analyses, deserted, guests, open_tables, services


@shared_task(name="games.bot_act", ignore_result=True)
def bot_act(table_id: int, version: int) -> bool:
    """Let the bot whose turn it is at `version` move (no-op once the table moved on)."""
    return services.table_bot_act(table_id=table_id, version=version)


@shared_task(name="games.turn_timeout", ignore_result=True)
def turn_timeout(table_id: int, version: int) -> bool:
    """Play a person's turn that ran out at `version` (no-op if they acted meanwhile)."""
    return services.table_turn_timeout(table_id=table_id, version=version)


@shared_task(name="games.sweep_stalled_tables", ignore_result=True)
def sweep_stalled_tables() -> int:
    """Requeue what a lost message or a killed worker left undone (beat, and each start)."""
    return services.tables_sweep_stalled(grace_seconds=settings.LIVE_TABLE_STALL_SECONDS)


@worker_ready.connect
def sweep_when_a_worker_starts(**kwargs: object) -> None:
    """A restarted worker picks up the tables its predecessor left mid-move."""
    sweep_stalled_tables.delay()


def analysis_queue() -> str:
    """Hand analyses' own queue, `<CELERY_QUEUE>-analysis`, read by their own low-priority
    worker (`dev.py run`, the compose `analysis` service), so they never delay live play."""
    return f"{current_app.conf.task_default_queue}-analysis"


@shared_task(name="games.hand_analyse", ignore_result=True)
def hand_analyse(table_id: int, number: int) -> bool:
    """Analyse a finished hand (no-op but a rewrite when run twice)."""
    return analyses.hand_analyse(table_id=table_id, number=number) is not None


@shared_task(name="games.hands_analysis_catch_up", ignore_result=True)
def hands_analysis_catch_up() -> int:
    """Queue the analyses a refusing broker lost (beat): hands ended a while ago, unanalysed."""
    return analyses.hands_analysis_catch_up(
        grace_seconds=settings.ANALYSIS_CATCH_UP_GRACE_SECONDS,
        window_seconds=settings.ANALYSIS_CATCH_UP_WINDOW_SECONDS,
        limit=settings.ANALYSIS_CATCH_UP_LIMIT,
    )


@shared_task(name="games.guests_expire", ignore_result=True)
def guests_expire() -> int:
    """Remove guests nobody can come back to, and their practice tables (beat, daily)."""
    return guests.guests_expire(
        idle_days=settings.GUEST_KEEP_DAYS, limit=settings.GUEST_EXPIRE_LIMIT
    )


@shared_task(name="games.deserted_matches_concede", ignore_result=True)
def deserted_matches_concede() -> int:
    """End the rated matches their people left for good, conceded by them (beat, daily)."""
    return deserted.deserted_matches_concede(
        idle_days=settings.DESERTED_MATCH_KEEP_DAYS, limit=settings.DESERTED_MATCH_LIMIT
    )


@shared_task(name="games.open_tables_expire", ignore_result=True)
def open_tables_expire() -> int:
    """Remove tables left waiting for players that nobody came back to (beat, daily)."""
    return open_tables.open_tables_expire(
        idle_days=settings.OPEN_TABLE_KEEP_DAYS, limit=settings.OPEN_TABLE_EXPIRE_LIMIT
    )
