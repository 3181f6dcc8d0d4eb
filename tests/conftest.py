"""Fixtures for tests that need the real thing: Redis, a Celery worker, the ASGI server, a browser.

Services follow one policy: with REDIS_URL set the tests use that server, otherwise they start
an embedded one; a service that cannot be had skips its tests, or fails them under
REQUIRE_SERVICES=1 (as .ci/run sets).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
import weakref
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any
from unittest import mock
from urllib.parse import quote, urlsplit, urlunsplit

import pytest
import redis
from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created
from django.test import override_settings
from django.utils import translation
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from pytest_django import DjangoDbBlocker

from config.celery import app as celery_app
from config.celery import ping
from config.channel_layer import channel_layers
from config.embedded_redis import EmbeddedRedis, EmbeddedRedisError
from config.env import redis_urls
from config.lifetime import die_with_parent
from games.bots import warm_up
from tests.helpers import (
    ROOT,
    Redis,
    Server,
    Worker,
    artifact_path,
    asgi_process,
    service_unavailable,
    stop_process,
)

# Debian's chromium as root in a closed network: no sandbox, no GPU, no calls home.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing() -> Iterator[None]:
    """Hash test passwords cheaply: the real hasher costs about a second per user here."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def default_language_after() -> Iterator[None]:
    """A request leaves its language active in the test's thread (LocaleMiddleware activates
    it, nothing deactivates it; a server's own requests each choose theirs): put the default
    back, lest a later test on the same worker read Bulgarian where it expects English."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def analyses_queued_only_with_redis(request: pytest.FixtureRequest) -> Iterator[None]:
    """A hand's end queues its analysis (games.outbox); a test without the session's Redis
    must not touch Celery, whose first use fixes the broker for the whole process."""
    if "redis_server" in request.fixturenames:
        yield
        return
    with mock.patch("games.outbox.queue_analysis"):
        yield


@pytest.fixture(scope="session", autouse=True)
def local_cache() -> Iterator[None]:
    """This process caches in memory: most tests run with no Redis up. Servers and workers the
    tests start use the shared Redis cache, as in production."""
    local = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    with override_settings(CACHES=local):
        yield


@pytest.fixture(autouse=True)
def fresh_cache(local_cache: None) -> Iterator[None]:
    """Each test starts with an empty cache: DRF's throttle counts, marks of who is at a
    table (a later test's tables may reuse the ids)."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """No connection pool in this process: tests query from threads of their own, whose
    connections are never handed back, and the pool ran dry (servers and workers the tests
    start keep production's pool)."""
    settings.DATABASES["default"].get("OPTIONS", {}).pop("pool", None)


# Every database connection this process opens, whichever thread opened it.
_connections: weakref.WeakSet[BaseDatabaseWrapper] = weakref.WeakSet()
connection_created.connect(lambda sender, connection, **_: _connections.add(connection))


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[None]:
    """pytest-django's, but before the test database is dropped, the connections of the
    tests' own threads (an `async_to_sync` pool's, a helper thread's) are closed: each is
    the only user of its connection, which Django never hands back, and PostgreSQL refuses
    to drop a database still in use (it was left behind)."""
    yield
    # This thread's own wrapper: `connection` is a proxy to it, never one of the wrappers.
    own = connections[DEFAULT_DB_ALIAS]
    for wrapper in list(_connections):
        if wrapper.connection is not None and wrapper is not own:
            wrapper.connection.close()
    if connection.vendor == "postgresql":
        # And any a child process left behind (one was seen in CI, its owner unknown).
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Redis]:
    """REDIS_URL's server, or an embedded one; this process's layer and Celery point at it."""
    url = os.environ.get("REDIS_URL")
    embedded = None
    if url:
        url = _database_of_this_worker(url)
        try:
            redis.Redis.from_url(url, socket_connect_timeout=2).ping()
        except redis.RedisError as error:
            service_unavailable(f"REDIS_URL={url} does not answer: {error}")
    else:
        embedded = EmbeddedRedis(tmp_path_factory.mktemp("redis") / "redis.sock")
        try:
            embedded.start()
        except EmbeddedRedisError as error:
            service_unavailable(f"cannot start the embedded Redis: {error}")
        url = embedded.url
    urls = redis_urls(url, default=url)
    # A queue of our own, so a worker of another run on the same Redis cannot take our tasks.
    queue = f"pytest-{uuid.uuid4().hex[:12]}"
    overrides = override_settings(CHANNEL_LAYERS=channel_layers(urls.channel_layer))
    overrides.enable()
    # Must run before this process first uses Celery, which caches its connections.
    celery_app.conf.update(
        broker_url=urls.celery, result_backend=urls.celery, task_default_queue=queue
    )
    yield Redis(url=url, queue=queue)
    overrides.disable()
    if embedded is not None:
        embedded.stop()


def _database_of_this_worker(url: str) -> str:
    """REDIS_URL's database for a single process; under xdist each worker takes the next one
    (of Redis's 16), so channel groups, queues and keys of equal table ids never meet."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker.startswith("gw"):
        return url
    parts = urlsplit(url)
    if parts.scheme not in {"redis", "rediss"}:
        return url
    base = int(parts.path.lstrip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(base + int(worker[2:])) % 16}"))


def _database_url() -> str:
    """The test database as a DATABASE_URL, for processes the tests start."""
    database = connection.settings_dict
    if database["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{database['NAME']}"
    credentials = quote(database["USER"] or "", safe="")
    if database["PASSWORD"]:
        credentials += ":" + quote(database["PASSWORD"], safe="")
    host = database["HOST"] or "localhost"
    port = database["PORT"] or 5432
    return f"postgres://{credentials}@{host}:{port}/{database['NAME']}"


@pytest.fixture(scope="session")
def stack_env(django_db_setup: None, redis_server: Redis) -> dict[str, str]:
    """Environment for child processes: the test database, this Redis, our queue."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": _database_url(),
        "REDIS_URL": redis_server.url,
        "CELERY_QUEUE": redis_server.queue,
        "PYTHONUNBUFFERED": "1",
    }


@pytest.fixture(scope="session")
def compiled_bots() -> None:
    """The bots' search compiled to numba's disk cache once, so each worker loads it at once."""
    warm_up()


@pytest.fixture
def celery_worker(
    stack_env: dict[str, str], redis_server: Redis, compiled_bots: None
) -> Iterator[Worker]:
    """A real Celery worker process, consuming this session's queue, up and answering.

    One per test: it stops before the test's database is flushed (a worker still finishing
    the last test's tables deadlocks PostgreSQL's TRUNCATE), and tasks that test left queued
    are dropped first so they cannot act on the next test's rows. It is killed, not shut down
    warmly: the test is over, and a warm shutdown took 1.5 to 2 s of every such test.
    """
    redis.Redis.from_url(redis_server.url).delete(redis_server.queue)
    hostname = f"pytest-{uuid.uuid4().hex[:8]}@localhost"
    command = [
        sys.executable, "-m", "celery", "-A", "config", "worker",
        "--queues", redis_server.queue, "--hostname", hostname, "--concurrency", "2",
        "--without-mingle", "--without-gossip", "--loglevel", "WARNING",
    ]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=ROOT, env=stack_env, start_new_session=True, preexec_fn=die_with_parent
    )
    try:
        # The first ping waits until the worker consumes; later ones are instant.
        ping.apply_async(expires=60).get(timeout=60)
        yield Worker(hostname=hostname, process=process)
    finally:
        stop_process(process, at_once=True)


@pytest.fixture(scope="session")
def asgi_server(stack_env: dict[str, str]) -> Iterator[Server]:
    """The real ASGI app under uvicorn on a free port, on the test database and this Redis.

    Tests that write data it must see use the `transactional_db` fixture (data is committed).
    """
    with asgi_process(stack_env) as server:
        yield server


# The script errors the pages of the test under way threw (no_script_errors fails it).
SCRIPT_ERRORS: list[str] = []


def _watched_context(new_context: Callable[..., BrowserContext], **options: Any) -> BrowserContext:
    """A browser context whose pages' script errors are noted. Its cards stand still where they
    land: a test measures where things are, not where they pass on the way
    (tests/e2e/test_card_motion.py asks for the motion). It lets Playwright's waits evaluate
    code in the page, which the site's Content-Security-Policy forbids
    (tests/e2e/test_content_security_policy.py opens the pages under the policy)."""
    context = new_context(**{"reduced_motion": "reduce", "bypass_csp": True, **options})
    context.on("weberror", lambda error: SCRIPT_ERRORS.append(str(error.error)))
    return context


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's chromium driven by Playwright (never a downloaded browser), per test module.

    Per module, not per session: while Playwright runs, its event loop occupies this thread,
    which would break async_to_sync in every test that comes after.
    """
    executable = shutil.which("chromium")
    if executable is None:
        service_unavailable("Debian's chromium is missing (python3 dev.py test installs it)")
    # Playwright's sync API keeps an event loop running in this thread, which Django would
    # take for async code and refuse database access to; the tests' access is synchronous.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            instance = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            watched = partial(_watched_context, instance.new_context)
            setattr(instance, "new_context", watched)  # noqa: B010 (mypy: a method is not assigned)
            yield instance
            instance.close()
    finally:
        if previous is None:
            del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> object:
    """Remember each phase's outcome on the test, so fixtures can react to a failure."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh browser page; a failing test leaves a screenshot in test-artifacts/."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        page.screenshot(path=artifact_path(f"{request.node.name}-failure.png"), full_page=True)
    context.close()


@pytest.fixture(autouse=True)
def no_script_errors() -> Iterator[None]:
    """A script error on any page a test opened fails the test, whatever it was looking at (a
    match end's error stopped the page's script while the test checked a link)."""
    SCRIPT_ERRORS.clear()
    yield
    if SCRIPT_ERRORS:
        pytest.fail(f"script errors on the test's pages: {SCRIPT_ERRORS}")
