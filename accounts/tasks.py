"""Celery tasks of accounts: thin, harmless when run twice."""

from __future__ import annotations

from importlib import import_module

from celery import shared_task
from django.conf import settings


@shared_task(name="accounts.sessions_clear", ignore_result=True)
def sessions_clear() -> None:
    """Remove the sessions past their expiry (beat, daily): Django's store keeps each one, a
    row for every browser that ever signed in or played as a guest, until told to go."""
    import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
