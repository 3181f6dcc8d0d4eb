"""API routes of tournaments, mounted under /api/."""

from __future__ import annotations

from django.urls import path

from tournaments import api

ONE = "tournaments/<int:tournament_id>/"
ENTRY = ONE + "entries/<int:entry_id>/"

urlpatterns = [
    path("tournaments/", api.TournamentListView.as_view(), name="api-tournaments"),
    path(ONE, api.TournamentDetailView.as_view(), name="api-tournament"),
    path(ONE + "open-registration/", api.OpenRegistrationView.as_view()),
    path(ONE + "open-check-in/", api.OpenCheckInView.as_view()),
    path(ONE + "start/", api.StartView.as_view()),
    path(ONE + "pause/", api.PauseView.as_view()),
    path(ONE + "resume/", api.ResumeView.as_view()),
    path(ONE + "cancel/", api.CancelView.as_view()),
    path(ONE + "entries/", api.EntryListView.as_view(), name="api-tournament-entries"),
    path(ENTRY + "check-in/", api.CheckInView.as_view()),
    path(ENTRY + "replace/", api.ReplaceView.as_view()),
]
