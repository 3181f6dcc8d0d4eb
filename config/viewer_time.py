"""Times in the viewer's zone: the profile's, else the one the page's script stores in a cookie
(the browser's); every page reads and shows dates in it (UTC until the browser has said)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

ZONE_COOKIE = "tz"
# The regions of the zones a person picks (not Etc/GMT+3, US/Eastern and other old aliases).
REGIONS = {"Africa", "America", "Antarctica", "Asia", "Atlantic", "Australia", "Europe",
           "Indian", "Pacific"}  # fmt: skip


def zone_named(name: str) -> ZoneInfo | None:
    """The zone of that name, or None for an unknown or malformed one."""
    if not name or len(name) > 64:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


@cache
def zone_names() -> list[str]:
    """The zones offered by name, in order: "UTC" and every Region/City."""
    regional = (name for name in available_timezones() if name.split("/")[0] in REGIONS)
    return ["UTC", *sorted(regional)]


def viewer_zone(request: HttpRequest) -> Any:
    """The profile's zone, else the one the browser reported, else UTC."""
    chosen = getattr(request.user, "time_zone", "") if hasattr(request, "user") else ""
    return zone_named(chosen) or zone_named(request.COOKIES.get(ZONE_COOKIE, "")) or UTC


class ViewerZoneMiddleware:
    """Every page in the viewer's zone: forms read and pages show local times."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with timezone.override(viewer_zone(request)):
            return self.get_response(request)
