"""API routes of the accounts app, mounted under /api/."""

from __future__ import annotations

from django.urls import path

from accounts import api

urlpatterns = [
    path("auth/register/", api.RegisterView.as_view(), name="api-register"),
    path("auth/login/", api.LoginView.as_view(), name="api-login"),
    path("auth/logout/", api.LogoutView.as_view(), name="api-logout"),
    path("auth/password/", api.PasswordChangeView.as_view(), name="api-password"),
    path("auth/close/", api.AccountCloseView.as_view(), name="api-account-close"),
    path("auth/token/", api.TokenObtainView.as_view(), name="api-token-obtain"),
    path("tokens/", api.TokenListView.as_view(), name="api-tokens"),
    path("tokens/<int:token_id>/", api.TokenRevokeView.as_view(), name="api-token"),
    path("me/", api.MeView.as_view(), name="api-me"),
    path("users/", api.UserListView.as_view(), name="api-users"),
    path("users/<str:username>/", api.UserDetailView.as_view(), name="api-user"),
    path(
        "users/<str:username>/rating-history/",
        api.RatingHistoryView.as_view(),
        name="api-rating-history",
    ),
    path("leaderboards/<str:variant>/", api.LeaderboardView.as_view(), name="api-leaderboard"),
]
