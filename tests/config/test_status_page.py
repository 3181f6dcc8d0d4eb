"""The footer's "Status" is a page in the reader's language that says what works, for
players; it led to /healthz's JSON. Monitors keep the JSON."""

from __future__ import annotations

import uuid

import pytest
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
