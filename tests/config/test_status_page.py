"""The footer's "Status" is a page in the reader's language that says what works, for
players; it led to /healthz's JSON. Monitors keep the JSON."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache
from django.test import Client
from pytest_django import Settings

from config import health
from config.celery import ping
from tests.config.test_healthz import refused_connection
from tests.helpers import Redis, Worker

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
