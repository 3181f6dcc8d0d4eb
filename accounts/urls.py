"""Web routes of the accounts app."""

from __future__ import annotations

from django.urls import path

from accounts import views

urlpatterns = [
    path("accounts/register/", views.register, name="register"),
    path("accounts/login/", views.SignInView.as_view(), name="login"),
    path("accounts/logout/", views.SignOutView.as_view(), name="logout"),
    path("accounts/password/", views.PasswordChangeView.as_view(), name="password-change"),
    path("accounts/profile/", views.profile_edit, name="profile-edit"),
    path("accounts/close/", views.account_close, name="account-close"),
    path("accounts/password/reset/", views.PasswordResetView.as_view(), name="password-reset"),
    path(
        "accounts/password/reset/sent/",
        views.PasswordResetDoneView.as_view(),
        name="password-reset-done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password-reset-confirm",
    ),
    path("accounts/tokens/", views.token_create, name="token-create"),
    path("accounts/tokens/<int:token_id>/revoke/", views.token_revoke, name="token-revoke"),
    path("players/<str:username>/", views.player, name="player"),
    path("leaderboards/", views.leaderboard_index, name="leaderboards"),
    path("leaderboards/<str:variant>/", views.leaderboard, name="leaderboard"),
]
