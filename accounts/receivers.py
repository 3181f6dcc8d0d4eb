"""Reactions to live tables' signals (a finished rated match moves its players' ratings) and
to a token revoked: its sockets close (a sign-out, a password changed, an account closed and a
guest signed in to an account are said where they happen: accounts.services and the views)."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver

from accounts.models import ApiToken
from accounts.notifications import recheck_sockets
from accounts.services import match_rate
from games.signals import match_finished


@receiver(match_finished, dispatch_uid="accounts.rate_on_match_finished")
def rate_when_a_match_ends(sender: object, *, match_id: int, **kwargs: object) -> None:
    """Rate it in the transaction that stores the result: no result stands unrated."""
    match_rate(match_id=match_id)


@receiver(post_delete, sender=ApiToken, dispatch_uid="accounts.recheck_sockets_on_revoke")
def recheck_sockets_of_a_revoked_token(
    sender: object, *, instance: ApiToken, **kwargs: Any
) -> None:
    """A revoked token's sockets close."""
    transaction.on_commit(partial(recheck_sockets, instance.user_id))
