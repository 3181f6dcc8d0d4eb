"""Top-level URLs: pages, health, admin and the documented API."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView

from config.health import healthz
from config.language import language_set
from config.views import api_docs, home, robots_txt, status_page
from games.how_to_play import how_to_play

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("robots.txt", robots_txt, name="robots-txt"),
    path("status/", status_page, name="status"),
    path("admin/", admin.site.urls),
    path("i18n/setlang/", language_set, name="set_language"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api_docs, name="api-docs"),
    path("rules/<str:variant>/", how_to_play, name="how-to-play"),
    path("tables/", include("games.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("", include("accounts.urls")),
    path("api/", include("accounts.api_urls")),
    path("api/", include("games.api_urls")),
    path("api/", include("tournaments.api_urls")),
]

# Under /api/ Django's own errors answer in the API's JSON error shape too.
handler400 = "config.api.bad_request"
handler403 = "config.api.permission_denied"
handler404 = "config.api.page_not_found"
handler500 = "config.api.server_error"
