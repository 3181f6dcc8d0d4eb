"""Django app for events: formats, rounds, pairings and standings."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Registers the tournaments app and its reactions to live tables."""

    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        """Connect to games' signals (games never imports tournaments)."""
        from tournaments import receivers  # noqa: F401 (connects on import)
