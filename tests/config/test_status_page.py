"""The footer's "Status" is a page in the reader's language that says what works, for
players; it led to /healthz's JSON. Monitors keep the JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client
from pytest_django import Settings

from config import health
from config.celery import ping
from tests.config.test_healthz import refused_connection
from tests.helpers import Redis, Worker, free_port

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_every_page_links_the_status_page_which_says_everything_works(
    client: Client, redis_server: Redis, celery_worker: Worker
) -> None:
    assert 'href="/status/"' in client.get("/").content.decode()
    response = client.get("/status/", HTTP_ACCEPT_LANGUAGE="fr")
    page = response.content.decode()
    assert response.status_code == 200 and '<html lang="fr">' in page
    assert "Tout fonctionne." in page
    assert page.count('class="working"') == 3 and 'class="stopped"' not in page
    assert 'rel="icon"' in page


def test_workers_down_is_said_in_words(
    client: Client, redis_server: Redis, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.HEALTHZ_CELERY_TIMEOUT = 0.5
    monkeypatch.setattr(health, "ping", ping.s().set(queue=f"nobody-{uuid.uuid4().hex}"))
    response = client.get("/status/", HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert response.status_code == 200
    assert "computer players, turn clocks and tournament rounds wait" in page
    assert page.count('class="working"') == 2 and page.count('class="stopped"') == 1


def test_a_failing_database_still_gets_the_page(
    client: Client, redis_server: Redis, celery_worker: Worker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(health.PROBES, "database", refused_connection)
    response = client.get("/status/", HTTP_ACCEPT_LANGUAGE="hr")
    assert response.status_code == 503
    assert 'class="stopped"' in response.content.decode()


def counted_probes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every probe answers at once that all is well, and is counted."""
    probed: list[str] = []

    def counted(name: str) -> health.Probe:
        async def probe() -> str | None:
            probed.append(name)
            return None

        return probe

    for name in list(health.PROBES):
        monkeypatch.setitem(health.PROBES, name, counted(name))
    return probed


def test_readers_within_seconds_share_one_probe(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Players reload the page most during an outage, and each probe sends a worker a task."""
    probed = counted_probes(monkeypatch)
    for _ in range(3):
        assert "Everything works." in client.get("/status/").content.decode()
    assert sorted(probed) == ["celery", "channel_layer", "database"]
    cache.clear()  # the seconds are up
    client.get("/status/")
    assert len(probed) == 6


def test_a_cache_that_cannot_be_reached_still_gets_the_page(
    client: Client, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    probed = counted_probes(monkeypatch)
    monkeypatch.setitem(health.PROBES, "celery", refused_connection)
    settings.CACHES = {
        "default": {"BACKEND": "config.cache.RedisCache", "LOCATION": "redis://127.0.0.1:9/0"}
    }
    response = client.get("/status/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "computer players, turn clocks and tournament rounds wait" in response.content.decode()
    client.get("/status/")
    assert probed.count("database") == 2  # nowhere to keep the report: each reader probes


# A status report in a fresh process, and the seconds it took.
REPORT_TIMED = """
import json, time
from config.health import status_report
began = time.monotonic()
report = status_report()
print(json.dumps({"seconds": time.monotonic() - began, "checks": report["checks"]}))
"""


def test_a_process_that_never_reached_redis_answers_within_the_probes_limit(
    tmp_path: Path, settings: Settings
) -> None:
    """A web process started during a Redis outage: Celery retried reaching its result store
    for 19 s, and the status page waited for it on every request, when players reload it most."""
    down = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    env = {**os.environ, "REDIS_URL": down, "VAR_DIR": str(tmp_path)}
    env.pop("DATABASE_URL", None)  # the embedded default's database, in tmp_path
    command = [sys.executable, "manage.py", "shell", "-c", REPORT_TIMED]
    ran = subprocess.run(  # noqa: S603 (our own program)
        command, cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, check=True
    )
    timed = json.loads(ran.stdout.strip().splitlines()[-1])
    assert timed["checks"]["celery"]["error"] == "the result store (Redis) cannot be reached"
    assert not timed["checks"]["channel_layer"]["ok"]
    assert timed["seconds"] < 2 * (settings.HEALTHZ_CELERY_TIMEOUT + 1), timed  # the cut-off
