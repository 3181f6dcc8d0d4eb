"""/healthz answers 200 only when the database, the channel layer and a worker all work."""

from __future__ import annotations

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


def test_missing_worker_is_named(
    client: Client, redis_server: Redis, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.HEALTHZ_CELERY_TIMEOUT = 0.5
    # Route the ping to a queue no worker reads, whether or not the session worker runs.
    monkeypatch.setattr(health, "ping", ping.s().set(queue=f"nobody-{uuid.uuid4().hex}"))
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["celery"]
    assert "no worker answered" in body["checks"]["celery"]["error"]


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
    body = client.get("/healthz").json()
    assert "channel_layer" in body["failing"]
    assert body["checks"]["database"] == {"ok": True}
