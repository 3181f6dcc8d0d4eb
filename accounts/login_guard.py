"""Sign-in with a brake on password guessing, shared by web and API, that nobody can turn into
a switch locking someone else out.

Failures count per username and address (a guesser at one account from one address), per
address (one address guessing many accounts) and per username from every address (guessing
spread over many addresses). The last brake never stops an address the account signed in from
lately, so failures sent in someone's name from elsewhere cannot lock them out. Counts live in
the database, so every server process and worker sees the same ones.
"""

from __future__ import annotations

import math
from datetime import timedelta

from django.contrib.auth import authenticate
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from accounts.models import KnownAddress, LoginFailure, User

# Failures within the window after which sign-in is refused until the oldest one ages out.
WINDOW = timedelta(minutes=15)
MAX_FAILURES_PER_USERNAME_AND_IP = 5
# Higher: several people can share an address (an office, a club, a phone network).
MAX_FAILURES_PER_IP = 20
# Guessing one account from many addresses; addresses it signed in from lately are exempt.
MAX_FAILURES_PER_USERNAME = 50
KNOWN_ADDRESS_DAYS = 60


class LoginError(Exception):
    """A sign-in was refused: `message` says why in the active language (read it where it
    is shown); the exception's own text is English, for logs."""

    code = "login_failed"

    def __init__(self) -> None:
        with translation.override("en"):
            super().__init__(self.message)

    @property
    def message(self) -> str:
        raise NotImplementedError


class InvalidCredentials(LoginError):
    """Wrong username or password (which of the two is never said)."""

    code = "invalid_credentials"

    @property
    def message(self) -> str:
        return gettext("The username or password is not right.")


class LoginThrottled(LoginError):
    """Too many recent failures; says when trying again makes sense."""

    code = "login_throttled"

    def __init__(self, retry_after: int) -> None:
        self.retry_after = retry_after
        self.minutes = max(1, math.ceil(retry_after / 60))
        super().__init__()

    @property
    def message(self) -> str:
        text = ngettext(
            "Too many failed sign-ins; try again in %(minutes)d minute.",
            "Too many failed sign-ins; try again in %(minutes)d minutes.",
            self.minutes,
        )
        return text % {"minutes": self.minutes}


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


def _is_known(username: str, ip: str | None) -> bool:
    """Whether the account signed in from this address lately."""
    since = timezone.now() - timedelta(days=KNOWN_ADDRESS_DAYS)
    known = KnownAddress.objects.filter(username=_key(username), ip=ip, last_seen__gte=since)
    return ip is not None and known.exists()


def login_retry_after(*, username: str, ip: str | None) -> int:
    """Seconds before this username may try from this address again (0: now)."""
    key = _key(username)
    waits = [_seconds_until_allowed(Q(username=key, ip=ip), MAX_FAILURES_PER_USERNAME_AND_IP)]
    if ip is not None:
        waits.append(_seconds_until_allowed(Q(ip=ip), MAX_FAILURES_PER_IP))
    if not _is_known(username, ip):
        waits.append(_seconds_until_allowed(Q(username=key), MAX_FAILURES_PER_USERNAME))
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
    # Only this address's failures: another address's guesses keep counting.
    LoginFailure.objects.filter(username=_key(username), ip=ip).delete()
    if ip is not None:
        KnownAddress.objects.update_or_create(
            username=_key(username), ip=ip, defaults={"last_seen": timezone.now()}
        )
        forgotten = timezone.now() - timedelta(days=KNOWN_ADDRESS_DAYS)
        KnownAddress.objects.filter(username=_key(username), last_seen__lt=forgotten).delete()
    return user
