"""The Celery app: configured from Django settings (CELERY_*), tasks found in each app."""

from __future__ import annotations

import os

from celery import Celery, Task

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="config.ping", bind=True)
def ping(self: Task) -> dict[str, str]:
    """Answer /healthz (and the tests) with the name of the worker that ran it."""
    return {"hostname": str(self.request.hostname)}
