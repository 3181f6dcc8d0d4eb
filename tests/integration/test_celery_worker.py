"""A real Celery worker process, started by the test, runs a task sent through Redis."""

from __future__ import annotations

import pytest

from config.celery import ping
from tests.helpers import Worker

pytestmark = pytest.mark.integration


def test_worker_process_round_trips_a_task(celery_worker: Worker) -> None:
    result = ping.delay()
    assert result.get(timeout=10) == {"hostname": celery_worker.hostname}
    assert celery_worker.process.poll() is None
