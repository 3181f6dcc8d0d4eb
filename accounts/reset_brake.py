"""A brake on password-reset mails: nobody floods a player's mailbox through the site, nor
sends the site's mail server more than a trickle from one address. Counts live in the shared
cache (Redis), so every server process sees the same ones; each expires an hour after the
first request it counts."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache

HOUR = 3600


def reset_allowed(*, ip: str | None, email: str) -> bool:
    """Count one more reset request from `ip` for `email`; False once either is over its
    hourly limit (and then nothing is sent)."""
    counted = [
        (f"reset-ip:{ip}", settings.PASSWORD_RESET_REQUESTS_PER_HOUR),
        (f"reset-mail:{_digest(email)}", settings.PASSWORD_RESET_MAILS_PER_HOUR),
    ]
    allowed = True
    for key, limit in counted:
        cache.add(key, 0, HOUR)
        try:
            allowed = cache.incr(key) <= limit and allowed
        except ValueError:  # expired between the two calls: this request starts a new hour
            cache.add(key, 1, HOUR)
    return allowed


def _digest(email: str) -> str:
    """The address as a key: in any case, and not kept in the cache in the clear."""
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()
