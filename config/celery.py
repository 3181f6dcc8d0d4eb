"""The Celery app: configured from Django settings (CELERY_*), tasks found in each app."""

from __future__ import annotations

import os
from typing import Any

from celery import Celery, Task
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Celery's Django fix-up, but one that keeps the database connection pool between tasks.
app = Celery("config", fixups=["config.celery_fixup:fixup"])
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="config.ping", bind=True)
def ping(self: Task) -> dict[str, str]:
    """Answer /healthz (and the tests) with the name of the worker that ran it."""
    return {"hostname": str(self.request.hostname)}


@worker_process_init.connect
def load_compiled_bots(**_: Any) -> None:
    """Load the bots' compiled search before taking tasks: a first bot move must not compile
    (tens of seconds, inside a transaction that holds the table's row lock)."""
    from games.bots import warm_up

    warm_up()
