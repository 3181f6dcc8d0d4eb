"""Celery's Django fix-up, keeping the PostgreSQL connection pool between tasks.

Celery closes every connection around each task and, with a pool in a prefork worker, closes
the whole pool too (a fork must not share the parent's sockets): that opens a new PostgreSQL
connection for every task. Here the pool is dropped once, when a worker process starts, and
each task hands its connection back to the pool instead.
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.fixups.django import DjangoFixup, DjangoWorkerFixup


class PooledWorkerFixup(DjangoWorkerFixup):
    """Around a task: return connections to the pool; the pool itself lives on."""

    def close_database(self, **kwargs: Any) -> None:
        """Close (with a pool: give back) every open connection, as Django does per request."""
        for connection in self._db.connections.all(initialized_only=True):
            try:
                connection.close()
            except self.interface_errors:
                pass


class PooledDjangoFixup(DjangoFixup):
    """Celery's fix-up with the worker half above."""

    _worker_fixup: DjangoWorkerFixup | None  # set by DjangoFixup.__init__

    @property
    def worker_fixup(self) -> DjangoWorkerFixup:
        if self._worker_fixup is None:
            self._worker_fixup = PooledWorkerFixup(self.app)
        return self._worker_fixup

    @worker_fixup.setter
    def worker_fixup(self, value: DjangoWorkerFixup) -> None:
        self._worker_fixup = value


def fixup(app: Celery) -> PooledDjangoFixup | None:
    """Install in place of Celery's own (named in Celery(fixups=...))."""
    if not os.environ.get("DJANGO_SETTINGS_MODULE"):
        return None
    return PooledDjangoFixup(app).install()
