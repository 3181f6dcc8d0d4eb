"""Site pages that belong to no single app."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.queries import bot_list
from games.choices import Variant
from tournaments.queries import tournament_list


def home(request: HttpRequest) -> HttpResponse:
    """Show what the platform offers today: rule sets, tournaments, computer players."""
    context = {
        "variants": Variant.choices,
        "tournaments": tournament_list(),
        "bots": bot_list(),
    }
    return render(request, "home.html", context)
