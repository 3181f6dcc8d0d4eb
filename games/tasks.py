"""Celery tasks of live tables: thin, by id and version, harmless when run twice."""

from __future__ import annotations

from celery import shared_task

from games.services import table_bot_act, table_turn_timeout


@shared_task(name="games.bot_act")
def bot_act(table_id: int, version: int) -> bool:
    """Let the bot whose turn it is at `version` move (no-op once the table moved on)."""
    return table_bot_act(table_id=table_id, version=version)


@shared_task(name="games.turn_timeout")
def turn_timeout(table_id: int, version: int) -> bool:
    """Play a person's turn that ran out at `version` (no-op if they acted meanwhile)."""
    return table_turn_timeout(table_id=table_id, version=version)
