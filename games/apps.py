"""Django app for live tables; its pure rules and bots live in games.rules and games.bots."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Registers the games app."""

    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Connect to accounts' signals (accounts never imports games' services)."""
        from games import receivers  # noqa: F401 (connects on import)
