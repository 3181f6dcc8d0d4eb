"""Background jobs of the accounts app."""

from __future__ import annotations

from celery import shared_task

from accounts.services import match_rate


@shared_task(name="accounts.rate_match")
def rate_match(match_id: int) -> int:
    """Rate a finished match by id; safe to run twice. Returns how many ratings moved."""
    return len(match_rate(match_id=match_id))
