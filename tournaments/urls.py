"""Pages of tournaments."""

from __future__ import annotations

from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_new, name="new"),
    path("<int:tournament_id>/", views.tournament_page, name="detail"),
    path("<int:tournament_id>/edit/", views.tournament_edit, name="edit"),
    path("<int:tournament_id>/enter/", views.entry_register, name="enter"),
    path(
        "<int:tournament_id>/entries/<int:entry_id>/check-in/",
        views.entry_check_in,
        name="check-in",
    ),
    path("<int:tournament_id>/<slug:action>/", views.tournament_action, name="action"),
]
