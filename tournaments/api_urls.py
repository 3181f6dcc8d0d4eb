"""API routes of tournaments, mounted under /api/."""

from __future__ import annotations

from django.urls import path, register_converter

from tournaments import api


class RowId:
    """A database id: digits that fit a 64-bit key (a longer one is a 404, not an overflow)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(RowId, "row_id")

ONE = "tournaments/<row_id:tournament_id>/"
ENTRY = ONE + "entries/<row_id:entry_id>/"

urlpatterns = [
    path("tournaments/", api.TournamentListView.as_view(), name="api-tournaments"),
    path(ONE, api.TournamentDetailView.as_view(), name="api-tournament"),
    path(ONE + "accuracy/", api.TournamentAccuracyView.as_view(), name="api-tournament-accuracy"),
    path(ONE + "open-registration/", api.OpenRegistrationView.as_view()),
    path(ONE + "open-check-in/", api.OpenCheckInView.as_view()),
    path(ONE + "start/", api.StartView.as_view()),
    path(ONE + "pause/", api.PauseView.as_view()),
    path(ONE + "resume/", api.ResumeView.as_view()),
    path(ONE + "cancel/", api.CancelView.as_view()),
    path(ONE + "entries/", api.EntryListView.as_view(), name="api-tournament-entries"),
    path(ENTRY, api.EntryView.as_view()),
    path(ENTRY + "accept/", api.AcceptView.as_view()),
    path(ENTRY + "check-in/", api.CheckInView.as_view()),
    path(ONE + "tables/<row_id:table_id>/adjust/", api.AdjustView.as_view()),
    path(ENTRY + "replace/", api.ReplaceView.as_view()),
]
