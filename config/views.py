"""Site pages that belong to no single app."""

from __future__ import annotations

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from drf_spectacular.views import SpectacularSwaggerSplitView

from accounts.queries import bot_list, bot_rating_rows
from config.health import status_report
from games.choices import variant_choices
from games.forms import NewTableForm
from games.queries import live_table_count
from tournaments.queries import tournament_list


def home(request: HttpRequest) -> HttpResponse:
    """One click to a game against the computer, then rule sets, tournaments and the bots."""
    bots = list(bot_list())
    context = {
        "form": NewTableForm.offered_to(request.user, request.LANGUAGE_CODE),
        "live_tables": live_table_count(),
        "variants": variant_choices(),
        "tournaments": tournament_list(),
        "bots": bots,
        "bot_ratings": bot_rating_rows(bots),
    }
    return render(request, "home.html", context)


# What each health probe means to a player.
STATUS_PARTS = {
    "database": _("Accounts, tables and tournaments"),
    "channel_layer": _("Live tables: each move reaching every player"),
    "celery": _("Computer players, turn clocks and tournament rounds"),
}
STATUS_SUMMARIES = {
    "ok": _("Everything works."),
    "degraded": _(
        "Live tables work, but computer players, turn clocks and tournament rounds wait; "
        "they go on where they were once they are back."
    ),
    "error": _("Games cannot be served right now. A game in progress is kept."),
}


def status_page(request: HttpRequest) -> HttpResponse:
    """The footer's "Status" in words, for players (monitors read /healthz's JSON); a page
    that needs nothing that may have failed."""
    report = status_report()
    checks = report["checks"]
    context = {
        "status": report["status"],
        "summary": STATUS_SUMMARIES[str(report["status"])],
        "parts": [(label, checks[name]["ok"]) for name, label in STATUS_PARTS.items()],
    }
    return render(
        request, "status.html", context, status=503 if report["status"] == "error" else 200
    )


# What search engines may skip: forms, the API, the site's machinery, and each table's and
# event's moment-to-moment pages (thousands of them, stale by the time they are listed).
ROBOTS_TXT = """User-agent: *
Disallow: /admin/
Disallow: /api/
Disallow: /accounts/
Disallow: /i18n/
Disallow: /jsi18n/
Disallow: /status/
Disallow: /healthz
Disallow: /tables/*/
Disallow: /tournaments/*/live/
"""


def robots_txt(request: HttpRequest) -> HttpResponse:
    """The crawlers' instructions: without them a crawler walked every replay and form."""
    return HttpResponse(ROBOTS_TXT, content_type="text/plain; charset=utf-8")


# The API's docs start Swagger UI from a script file of their own (no page may run an inline
# script); Swagger UI's page keeps its inline styles.
api_docs = csp_update({"style-src": [UNSAFE_INLINE]})(
    SpectacularSwaggerSplitView.as_view(url_name="api-schema")
)
