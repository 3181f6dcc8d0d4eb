"""Reactions to live tables' signals: a finished rated match moves its players' ratings."""

from __future__ import annotations

from django.dispatch import receiver

from accounts.services import match_rate
from games.signals import match_finished


@receiver(match_finished, dispatch_uid="accounts.rate_on_match_finished")
def rate_when_a_match_ends(sender: object, *, match_id: int, **kwargs: object) -> None:
    """Rate it in the transaction that stores the result: no result stands unrated."""
    match_rate(match_id=match_id)
