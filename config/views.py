"""Site pages that belong to no single app."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.queries import bot_list
from games.choices import variant_choices
from games.forms import NewTableForm
from games.queries import live_table_count
from tournaments.queries import tournament_list


def home(request: HttpRequest) -> HttpResponse:
    """One click to a game against the computer, then rule sets, tournaments and the bots."""
    context = {
        "form": NewTableForm.offered_to(request.user, request.LANGUAGE_CODE),
        "live_tables": live_table_count(),
        "variants": variant_choices(),
        "tournaments": tournament_list(),
        "bots": bot_list(),
    }
    return render(request, "home.html", context)
