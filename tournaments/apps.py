"""Django app for events: formats, rounds, pairings and standings."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Registers the tournaments app."""

    name = "tournaments"
    verbose_name = "Tournaments"
