"""Django app for events: formats, rounds, pairings and standings."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Registers the tournaments app and its reactions to live tables."""

    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        """Connect to games' signals (games never imports tournaments); say who may follow a
        tournament's changes on the notifications socket, and which of its notices a socket
        hears as it opens (accounts never imports tournaments)."""
        from accounts.notifications import STANDING_NOTICES, TOPIC_GUARDS
        from tournaments import receivers  # noqa: F401 (connects on import)
        from tournaments.live import tables_ready_for
        from tournaments.queries import tournament_may_see

        TOPIC_GUARDS["tournament"] = tournament_may_see
        STANDING_NOTICES.append(tables_ready_for)
