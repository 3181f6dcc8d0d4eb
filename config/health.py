"""/healthz: probes the database, the channel layer and a Celery worker, all at once.

A web process needs only the first two: a worker outage is reported ("degraded", 200), not
failed, so a load balancer or orchestrator does not take every web process out because of it.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync, sync_to_async
from celery.exceptions import TimeoutError as CeleryTimeoutError
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from redis.exceptions import RedisError

from config.celery import ping

# A probe returns None when healthy, or a short text saying what is wrong.
Probe = Callable[[], Awaitable[str | None]]
CHANNEL_LAYER_TIMEOUT = 2.0


def _query_database() -> None:
    """Run a trivial query on the default database."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


async def probe_database() -> str | None:
    """Check that the database answers a query."""
    await sync_to_async(_query_database)()
    return None


async def probe_channel_layer() -> str | None:
    """Send a message to a fresh channel and read it back through the layer."""
    layer = get_channel_layer()
    if layer is None:
        return "no channel layer configured"
    channel = await layer.new_channel()
    token = uuid.uuid4().hex
    await layer.send(channel, {"type": "health.ping", "token": token})
    message = await asyncio.wait_for(layer.receive(channel), timeout=CHANNEL_LAYER_TIMEOUT)
    return None if message.get("token") == token else "the layer returned another message"


def _ping_worker() -> str | None:
    """Round-trip the ping task through the broker, a worker and the result backend."""
    timeout = settings.HEALTHZ_CELERY_TIMEOUT
    try:
        result = ping.apply_async(expires=timeout, retry=False)
    except RuntimeError:  # Celery's words when its retries to reach the result store run out
        return "the result store (Redis) cannot be reached"
    try:
        result.get(timeout=timeout)
    except CeleryTimeoutError:
        return f"no worker answered within {timeout:g} s"
    finally:
        result.forget()
    return None


async def probe_celery() -> str | None:
    """Check that some Celery worker runs tasks."""
    return await sync_to_async(_ping_worker, thread_sensitive=False)()


PROBES: dict[str, Probe] = {
    "database": probe_database,
    "channel_layer": probe_channel_layer,
    "celery": probe_celery,
}
# What this web process cannot serve without: their failure answers 503.
REQUIRED = {"database", "channel_layer"}


async def _run(probe: Probe) -> str | None:
    """Run one probe, turning any failure into its description. A probe that outlasts the
    worker's wait by a second (a slow broker connection on a busy machine, a hung database)
    is cut off: monitors need an answer in bounded time."""
    limit = settings.HEALTHZ_CELERY_TIMEOUT + 1
    try:
        return await asyncio.wait_for(probe(), timeout=limit)
    except TimeoutError:
        return f"no answer within {limit:g} s"
    except Exception as error:  # Any failure is exactly what /healthz reports.
        return f"{type(error).__name__}: {error}"


async def health_report() -> dict[str, Any]:
    """Every probe at once: "ok"; "degraded" when only the workers fail; "error" when the
    database or the channel layer does. Every failing check is named."""
    problems = await asyncio.gather(*(_run(probe) for probe in PROBES.values()))
    checks = {
        name: {"ok": problem is None, **({"error": problem} if problem else {})}
        for name, problem in zip(PROBES, problems, strict=True)
    }
    failing = [name for name, problem in zip(PROBES, problems, strict=True) if problem]
    if REQUIRED.intersection(failing):
        status = "error"
    else:
        status = "degraded" if failing else "ok"
    return {"status": status, "failing": failing, "checks": checks}


# Where the status page keeps its latest report, shared by the site's web processes.
STATUS_REPORT_KEY = "health:status-report"


def status_report() -> dict[str, Any]:
    """The report the status page shows, probed at most every STATUS_REPORT_SECONDS: players
    reload it most during an outage, and each probe sends a worker a task and may wait for it.
    The cache is on the Redis that may be down: then every reader probes."""
    report: dict[str, Any] | None
    try:
        report = cache.get(STATUS_REPORT_KEY)
    except (RedisError, OSError):
        report = None
    if report is None:
        report = async_to_sync(health_report)()
        try:
            cache.set(STATUS_REPORT_KEY, report, settings.STATUS_REPORT_SECONDS)
        except (RedisError, OSError):
            pass  # that Redis carries the channel layer too: the report says it is down
    return report


async def healthz(request: HttpRequest) -> JsonResponse:
    """The report for monitors: 200 when ok or degraded, 503 when the web process cannot serve."""
    report = await health_report()
    return JsonResponse(report, status=503 if report["status"] == "error" else 200)
