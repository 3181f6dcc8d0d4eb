"""Names shared by every app: the rule sets played and the strengths of computer players."""

from django.db import models


class Variant(models.TextChoices):
    """The four rule sets of RULES.md; the value is the engine's rule-set name."""

    BULGARIAN = "bulgarian", "Bulgarian Belot"
    BELA = "bela", "Croatian Bela"
    BELOTE = "belote", "French Belote"
    COINCHE = "coinche", "Coinche"


class BotLevel(models.TextChoices):
    """Strengths of the computer players, weakest first."""

    EASY = "easy", "Easy"
    MEDIUM = "medium", "Medium"
    HARD = "hard", "Hard"
