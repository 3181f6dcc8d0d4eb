"""Users (people and computer players alike) and their rating per rule set."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models

from games.choices import BotLevel, Variant

INITIAL_RATING = 1500.0


class User(AbstractUser):
    """An account; a computer player is an account too, so it can be seated and rated."""

    display_name = models.CharField(max_length=64, blank=True)
    is_bot = models.BooleanField(default=False)
    bot_level = models.CharField(max_length=16, choices=BotLevel.choices, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(is_bot=True) & ~models.Q(bot_level=""))
                | (models.Q(is_bot=False) & models.Q(bot_level="")),
                name="bot_level_iff_bot",
                violation_error_message="A computer player needs a level; a person has none.",
            )
        ]

    def __str__(self) -> str:
        return self.display_name or self.username


class Rating(models.Model):
    """A user's Elo rating in one rule set."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    variant = models.CharField(max_length=16, choices=Variant.choices)
    value = models.FloatField(default=INITIAL_RATING)
    rated_matches = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "variant"], name="one_rating_per_variant")
        ]
        ordering = ["variant", "-value"]

    def __str__(self) -> str:
        return f"{self.user} {self.variant} {self.value:.0f}"
