"""Tournaments; rounds, entries and standings join them as the event features grow."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.choices import Variant


class Tournament(models.Model):
    """An event run by an organizer in one rule set and one format."""

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        REGISTRATION = "registration", "Registration open"
        CHECK_IN = "check_in", "Check-in"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled"

    class Format(models.TextChoices):
        SINGLE_ELIMINATION = "single_elimination", "Single elimination"
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        DUPLICATE = "duplicate", "Duplicate"

    name = models.CharField(max_length=120)
    variant = models.CharField(max_length=16, choices=Variant.choices)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_tournaments"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    format = models.CharField(max_length=24, choices=Format.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name
