"""On PostgreSQL, web requests and worker tasks reuse pooled connections instead of opening one
each (the server's pg_stat_activity lists the backends, named by PGAPPNAME)."""

from __future__ import annotations

import urllib.request
import uuid
from collections.abc import Iterator

import pytest
from django.db import connection

from config.celery import app as celery_app
from tests.helpers import Redis, asgi_process, celery_process, stop_process

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


@pytest.fixture
def named_env(stack_env: dict[str, str], app_name: str) -> dict[str, str]:
    """The stack's environment; libpq names every connection these processes open."""
    return {**stack_env, "PGAPPNAME": app_name}


@pytest.fixture
def web(named_env: dict[str, str]) -> Iterator[str]:
    with asgi_process(named_env) as server:
        yield server.url


def assert_reused(seen: list[set[Backend]]) -> None:
    """Connections were kept open and used again, one request or task at a time.

    Without the pool each one's connection is closed when it ends: none would be left, and
    every one would open a new backend. With it, one stays open; a second may open when the
    next request comes before the last one's connection is back in the pool (it goes back
    just after the response), but never more.
    """
    assert all(seen), seen
    assert len(set().union(*seen)) <= 2, seen


def test_web_requests_reuse_their_connections(web: str, app_name: str) -> None:
    seen: list[set[Backend]] = []
    for _ in range(8):
        with urllib.request.urlopen(f"{web}/api/tables/", timeout=20) as response:  # noqa: S310
            assert response.status == 200
        seen.append(backends(app_name))
    assert_reused(seen)


def test_worker_tasks_reuse_their_connections(
    named_env: dict[str, str], redis_server: Redis, app_name: str
) -> None:
    worker = celery_process(
        named_env, "worker", "--queues", redis_server.queue,
        "--hostname", f"pool-{uuid.uuid4().hex[:8]}@localhost", "--concurrency", "1",
        "--pool", "prefork", "--without-mingle", "--without-gossip",
    )  # fmt: skip
    try:
        seen: list[set[Backend]] = []
        for _ in range(8):
            # A task that queries the database (its result is kept here so we can wait for it).
            celery_app.send_task("games.sweep_stalled_tables", ignore_result=False).get(timeout=60)
            seen.append(backends(app_name))
        # Celery's own fix-up would close the pool after every task: a new backend each time.
        assert_reused(seen)
    finally:
        stop_process(worker)
