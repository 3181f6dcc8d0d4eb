"""Times in the viewer's zone: the page's script stores the browser's zone in a cookie, and
tournament pages read and show dates in it (UTC until the browser has said)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import UTC
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

ZONE_COOKIE = "tz"


def zone_named(name: str) -> ZoneInfo | None:
    """The zone of that name, or None for an unknown or malformed one."""
    if not name or len(name) > 64:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def viewer_zone(request: HttpRequest) -> Any:
    """The profile's zone, else the one the browser reported, else UTC."""
    chosen = getattr(request.user, "time_zone", "") if hasattr(request, "user") else ""
    return zone_named(chosen) or zone_named(request.COOKIES.get(ZONE_COOKIE, "")) or UTC


def in_viewer_zone(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Run a view with the viewer's zone active: forms read and pages show local times."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with timezone.override(viewer_zone(request)):
            return view(request, *args, **kwargs)

    return wrapped
