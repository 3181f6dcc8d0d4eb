"""Names shared by every app: the rule sets played and the strengths of computer players."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Variant(models.TextChoices):
    """The four rule sets (docs/rules.md); the value is the engine's rule-set name."""

    BULGARIAN = "bulgarian", _("Bulgarian Belot")
    BELA = "bela", _("Croatian Bela")
    BELOTE = "belote", _("French Belote")
    COINCHE = "coinche", _("Coinche")


class BotLevel(models.TextChoices):
    """Strengths of the computer players, weakest first."""

    EASY = "easy", _("Easy")
    MEDIUM = "medium", _("Medium")
    HARD = "hard", _("Hard")
