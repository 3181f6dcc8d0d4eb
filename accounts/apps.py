"""Django app for people and computer players: users, ratings, notifications."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Registers the accounts app."""

    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        """Connect to games' signals (games never imports accounts' services)."""
        from accounts import receivers  # noqa: F401 (connects on import)
