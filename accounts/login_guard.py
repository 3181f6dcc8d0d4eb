"""Sign-in with a brake on password guessing, per username and per address, shared by web and API.

Failures are counted in the database, so every server process and worker sees the same count.
"""

from __future__ import annotations

import math
from datetime import timedelta

from django.contrib.auth import authenticate
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import LoginFailure, User

# Failures within the window after which sign-in is refused until the oldest one ages out.
WINDOW = timedelta(minutes=15)
MAX_FAILURES_PER_USERNAME = 5
# Higher: several people can share an address (an office, a club, a phone network).
MAX_FAILURES_PER_IP = 20


class LoginError(Exception):
    """A sign-in was refused; the message can be shown as it is."""

    code = "login_failed"


class InvalidCredentials(LoginError):
    """Wrong username or password (which of the two is never said)."""

    code = "invalid_credentials"

    def __init__(self) -> None:
        super().__init__("The username or password is not right.")


class LoginThrottled(LoginError):
    """Too many recent failures; says when trying again makes sense."""

    code = "login_throttled"

    def __init__(self, retry_after: int) -> None:
        self.retry_after = retry_after
        minutes = max(1, math.ceil(retry_after / 60))
        unit = "minute" if minutes == 1 else "minutes"
        super().__init__(f"Too many failed sign-ins; try again in {minutes} {unit}.")


def client_ip(request: HttpRequest) -> str | None:
    """The address the request came from, as the server (or its trusted proxy) saw it."""
    return request.META.get("REMOTE_ADDR") or None


def _key(username: str) -> str:
    """Count "Alice" and "alice" together: a guesser gains nothing by changing case."""
    return username.lower()[:150]


def _seconds_until_allowed(failures: Q, limit: int) -> int:
    """0 while under the limit, else the seconds until enough failures leave the window."""
    since = timezone.now() - WINDOW
    recent = LoginFailure.objects.filter(failures, at__gte=since).order_by("-at")
    if recent.count() < limit:
        return 0
    # The failure that, once aged out, brings the count back under the limit.
    oldest_counted = recent.values_list("at", flat=True)[limit - 1]
    return max(1, math.ceil((oldest_counted + WINDOW - timezone.now()).total_seconds()))


def login_retry_after(*, username: str, ip: str | None) -> int:
    """Seconds before this username may try from this address again (0: now)."""
    waits = [_seconds_until_allowed(Q(username=_key(username)), MAX_FAILURES_PER_USERNAME)]
    if ip is not None:
        waits.append(_seconds_until_allowed(Q(ip=ip), MAX_FAILURES_PER_IP))
    return max(waits)


def login_authenticate(*, request: HttpRequest | None, username: str, password: str) -> User:
    """Return the user these credentials name, or raise LoginThrottled / InvalidCredentials."""
    ip = client_ip(request) if request is not None else None
    retry_after = login_retry_after(username=username, ip=ip)
    if retry_after:
        raise LoginThrottled(retry_after)
    user = authenticate(request, username=username, password=password)
    if not isinstance(user, User):
        LoginFailure.objects.filter(at__lt=timezone.now() - WINDOW).delete()
        LoginFailure.objects.create(username=_key(username), ip=ip)
        raise InvalidCredentials()
    LoginFailure.objects.filter(username=_key(username)).delete()
    return user
