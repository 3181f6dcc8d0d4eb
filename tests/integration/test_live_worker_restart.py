"""The Celery worker is killed mid-hand and started again: the match still finishes, intact."""

from __future__ import annotations

import os
import signal
import time
import uuid

import pytest

from games.models import Match, Table, TableEvent
from tests.games.factories import bot_table
from tests.helpers import default_queue, start_worker, stop_process, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_killed_worker_leaves_a_match_that_a_new_worker_finishes(
    stack_env: dict[str, str],
) -> None:
    queue = f"restart-{uuid.uuid4().hex[:8]}"
    # One move per task and commit (a run of bot moves would commit a whole hand at once), so
    # the worker can be caught with a hand half played.
    env = {
        **stack_env,
        "CELERY_QUEUE": queue,
        "LIVE_TABLE_STALL_SECONDS": "1",
        "LIVE_TABLE_BOT_RUN_SECONDS": "0",
    }
    first = start_worker(env, queue)
    with default_queue(queue):
        table = bot_table("bela", target=501)

    def mid_hand() -> bool | None:
        table.refresh_from_db()
        last = TableEvent.objects.filter(table=table).latest("version")
        return True if table.version >= 45 and last.kind == TableEvent.Kind.PLAY else None

    try:
        wait_for(mid_hand, timeout=60, what="the bots to be well into a hand")
    finally:
        # Every process of the worker gone, not only its leader: a pool process still dying
        # committed one more move after the version below was read (48 against 47).
        stop_process(first, at_once=True)
    table.refresh_from_db()
    stopped_at = table.version
    assert table.status == Table.Status.PLAYING
    time.sleep(2)
    table.refresh_from_db()
    assert table.version == stopped_at, "nothing should move without a worker"
    second = start_worker(env, queue)
    try:

        def finished() -> bool | None:
            table.refresh_from_db()
            return True if table.status == Table.Status.FINISHED else None

        wait_for(finished, timeout=180, what="the match to finish after the restart")
    finally:
        os.killpg(second.pid, signal.SIGTERM)
        second.wait(timeout=20)
    events = list(TableEvent.objects.filter(table=table).order_by("version"))
    assert [e.version for e in events] == list(range(1, table.version + 1))
    match = Match.objects.get(table=table)
    assert match.winner_team in (0, 1)
    assert match.hands_played == sum(e.kind == TableEvent.Kind.HAND_END for e in events)
