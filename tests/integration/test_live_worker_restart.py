"""The Celery worker is killed mid-hand and started again: the match still finishes, intact."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from config.celery import app as celery_app
from config.celery import ping
from config.lifetime import die_with_parent
from games.models import Match, Table, TableEvent
from tests.games.factories import bot_table
from tests.helpers import ROOT, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def start_worker(env: dict[str, str], queue: str) -> subprocess.Popen[bytes]:
    """A worker of our own on its own queue, so killing it touches nothing else."""
    command = [
        sys.executable, "-m", "celery", "-A", "config", "worker", "--queues", queue,
        "--hostname", f"{queue}-{uuid.uuid4().hex[:6]}@localhost", "--concurrency", "1",
        "--without-mingle", "--without-gossip", "--loglevel", "WARNING",
    ]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, preexec_fn=die_with_parent
    )
    ping.apply_async(queue=queue, expires=60).get(timeout=60)
    return process


@contextmanager
def default_queue(queue: str) -> Iterator[None]:
    """Send this process's tasks to `queue` for the duration."""
    previous = celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    try:
        yield
    finally:
        celery_app.conf.task_default_queue = previous


def test_a_killed_worker_leaves_a_match_that_a_new_worker_finishes(
    stack_env: dict[str, str],
) -> None:
    queue = f"restart-{uuid.uuid4().hex[:8]}"
    env = {**stack_env, "CELERY_QUEUE": queue, "LIVE_TABLE_STALL_SECONDS": "1"}
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
        os.killpg(first.pid, signal.SIGKILL)
        first.wait()
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
