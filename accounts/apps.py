"""Django app for people and computer players: users, ratings, notifications."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Registers the accounts app."""

    name = "accounts"
    verbose_name = "Accounts"
