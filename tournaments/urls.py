"""Pages of tournaments."""

from __future__ import annotations

from django.urls import path

from tournaments import director_views, views

app_name = "tournaments"

ONE = "<int:tournament_id>/"
ENTRY = ONE + "entries/<int:entry_id>/"
# The director's forms share one view; each names its action (director_views.ACTIONS).
director = director_views.director_post

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_new, name="new"),
    path(ONE, views.tournament_page, name="detail"),
    path(ONE + "live/", views.tournament_live, name="live"),
    path(ONE + "edit/", views.tournament_edit, name="edit"),
    path(ONE + "enter/", views.entry_register, name="enter"),
    path(ONE + "standings.csv", director_views.standings_csv, name="standings-csv"),
    path(ONE + "results.csv", director_views.results_csv, name="results-csv"),
    path(ONE + "entries/add/", director, {"action": "entry-add"}, name="entry-add"),
    path(ENTRY + "check-in/", views.entry_check_in, name="check-in"),
    path(ENTRY + "accept/", director, {"action": "accept"}, name="accept"),
    path(ENTRY + "withdraw/", director_views.entry_withdraw, name="withdraw"),
    path(ENTRY + "replace/", director, {"action": "replace"}, name="replace"),
    path(ONE + "tables/<int:table_id>/adjust/", director_views.result_adjust, name="adjust"),
    path(ONE + "apart/", director, {"action": "forbid"}, name="forbid"),
    path(ONE + "apart/<int:forbidden_id>/allow/", director, {"action": "allow"}, name="allow"),
    path(ONE + "<slug:action>/", views.tournament_action, name="action"),
]
