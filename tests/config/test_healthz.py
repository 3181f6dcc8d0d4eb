"""/healthz: "ok" when everything works, "degraded" (200) when only the workers are down, 503
when the database or the channel layer, which the web process itself needs, fails."""

from __future__ import annotations

import asyncio
import re
import uuid

import pytest
from django.test import Client
from pytest_django import Settings

from config import health
from config.celery import ping
from tests.helpers import Redis, Worker

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_all_components_healthy(client: Client, redis_server: Redis, celery_worker: Worker) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["failing"] == []
    assert {name for name, check in body["checks"].items() if check["ok"]} == {
        "database",
        "channel_layer",
        "celery",
    }


def test_missing_worker_is_reported_not_failed(
    client: Client, redis_server: Redis, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.HEALTHZ_CELERY_TIMEOUT = 0.5
    # Route the ping to a queue no worker reads, whether or not the session worker runs.
    monkeypatch.setattr(health, "ping", ping.s().set(queue=f"nobody-{uuid.uuid4().hex}"))
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    assert body["failing"] == ["celery"]
    # Either the worker's wait or, on a busy machine, the probe's own limit ran out first.
    error = body["checks"]["celery"]["error"]
    assert re.fullmatch(r"no (worker answered|answer) within [\d.]+ s", error)


def test_unreachable_channel_layer_is_named(
    client: Client, redis_server: Redis, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]},
        }
    }
    settings.HEALTHZ_CELERY_TIMEOUT = 0.5
    monkeypatch.setattr(health, "ping", ping.s().set(queue=f"nobody-{uuid.uuid4().hex}"))
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert "channel_layer" in body["failing"]
    assert body["checks"]["database"] == {"ok": True}


async def refused_connection() -> str:
    """A probe of a service that is down: its connection is refused."""
    raise OSError("connection refused")


def test_failing_database_fails_the_web_process(
    client: Client, redis_server: Redis, celery_worker: Worker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(health.PROBES, "database", refused_connection)
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert (body["status"], body["failing"]) == ("error", ["database"])
    assert body["checks"]["database"]["error"] == "OSError: connection refused"


async def hung_connection() -> str:
    """A probe of a service that accepts the connection and never answers."""
    await asyncio.Event().wait()
    return "unreachable"


def test_a_hung_probe_is_cut_off_and_said_so(
    client: Client, redis_server: Redis, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.HEALTHZ_CELERY_TIMEOUT = 0.2
    monkeypatch.setattr(health, "ping", ping.s().set(queue=f"nobody-{uuid.uuid4().hex}"))
    monkeypatch.setitem(health.PROBES, "database", hung_connection)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["database"]["error"] == "no answer within 1.2 s"
