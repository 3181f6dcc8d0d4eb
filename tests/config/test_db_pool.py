"""On PostgreSQL, web requests and worker tasks reuse pooled connections instead of opening one
each (the server's pg_stat_activity lists the backends, named by PGAPPNAME)."""

from __future__ import annotations

import subprocess
import sys
import urllib.request
import uuid
from collections.abc import Iterator

import pytest
from django.db import connection

from config.celery import app as celery_app
from config.lifetime import die_with_parent
from tests.conftest import _stop
from tests.helpers import ROOT, Redis, free_port, port_open, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.slow]

Backend = tuple[int, object]  # pid and backend_start: a reused connection keeps both


@pytest.fixture
def app_name(transactional_db: None) -> str:
    if connection.vendor != "postgresql":
        pytest.skip("the connection pool is PostgreSQL's (SQLite opens a file, not a server)")
    return f"pool-test-{uuid.uuid4().hex[:8]}"


def backends(app_name: str) -> set[Backend]:
    """The server's connections opened by the processes that carry this application name."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, backend_start FROM pg_stat_activity WHERE application_name = %s",
            [app_name],
        )
        return set(cursor.fetchall())


def start(command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    """A child in its own process group, gone with us."""
    return subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, preexec_fn=die_with_parent
    )


@pytest.fixture
def named_env(stack_env: dict[str, str], app_name: str) -> dict[str, str]:
    """The stack's environment; libpq names every connection these processes open."""
    return {**stack_env, "PGAPPNAME": app_name}


@pytest.fixture
def web(named_env: dict[str, str]) -> Iterator[str]:
    port = free_port()
    command = [
        sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
        "--port", str(port), "--lifespan", "off", "--log-level", "warning",
    ]  # fmt: skip
    process = start(command, named_env)
    try:
        wait_for(lambda: port_open(port), timeout=30, what="uvicorn to accept connections")
        yield f"http://127.0.0.1:{port}"
    finally:
        _stop(process)


def test_web_requests_reuse_one_connection(web: str, app_name: str) -> None:
    seen: list[set[Backend]] = []
    for _ in range(4):
        with urllib.request.urlopen(f"{web}/api/tables/", timeout=20) as response:  # noqa: S310
            assert response.status == 200
        seen.append(backends(app_name))
    # Without the pool each request's connection is closed when it ends: none would be left.
    assert seen[0]
    assert all(found == seen[0] for found in seen), seen


def test_worker_tasks_reuse_one_connection(
    named_env: dict[str, str], redis_server: Redis, app_name: str
) -> None:
    hostname = f"pool-{uuid.uuid4().hex[:8]}@localhost"
    command = [
        sys.executable, "-m", "celery", "-A", "config", "worker", "--queues", redis_server.queue,
        "--hostname", hostname, "--concurrency", "1", "--pool", "prefork",
        "--without-mingle", "--without-gossip", "--loglevel", "WARNING",
    ]  # fmt: skip
    worker = start(command, named_env)
    try:
        seen: list[set[Backend]] = []
        for _ in range(4):
            # A task that queries the database (its result is kept here so we can wait for it).
            celery_app.send_task("games.sweep_stalled_tables", ignore_result=False).get(timeout=60)
            seen.append(backends(app_name))
        # Celery's own fix-up would close the pool after every task: a new backend each time.
        assert seen[0]
        assert all(found == seen[0] for found in seen), seen
    finally:
        _stop(worker)
