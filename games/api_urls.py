"""API routes of live tables and their matches, mounted under /api/."""

from __future__ import annotations

from django.urls import path

from games import api

urlpatterns = [
    path("tables/", api.TableListView.as_view(), name="api-tables"),
    path("tables/<int:table_id>/", api.TableDetailView.as_view(), name="api-table"),
    path("tables/<int:table_id>/join/", api.TableJoinView.as_view(), name="api-table-join"),
    path(
        "tables/<int:table_id>/seats/<int:seat>/computer/",
        api.TableComputerSeatView.as_view(),
        name="api-table-computer",
    ),
    path("tables/<int:table_id>/actions/", api.TableActionView.as_view(), name="api-table-act"),
    path("tables/<int:table_id>/deals/", api.TableDealsView.as_view(), name="api-table-deals"),
    path(
        "tables/<int:table_id>/hands/<int:number>/analysis/",
        api.HandAnalysisView.as_view(),
        name="api-hand-analysis",
    ),
    path(
        "users/<str:username>/accuracy/", api.UserAccuracyView.as_view(), name="api-user-accuracy"
    ),
    path("matches/", api.MatchListView.as_view(), name="api-matches"),
    path("matches/<int:match_id>/", api.MatchDetailView.as_view(), name="api-match"),
]
