"""A refusal as a page of the site: its header, the reason in the reader's language, and the
ways on. A bare line of text (Django's HttpResponseForbidden) left a player on a blank page
with no menu, when a link led them to another table of their duplicate round, say."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def refused(request: HttpRequest, reason: str) -> HttpResponse:
    """403 with the site's refusal page, saying why."""
    return render(request, "403.html", {"reason": reason}, status=403)
