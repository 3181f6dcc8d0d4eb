"""Django app for live tables; its pure rules and bots live in games.rules and games.bots."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Registers the games app."""

    name = "games"
    verbose_name = "Games"
