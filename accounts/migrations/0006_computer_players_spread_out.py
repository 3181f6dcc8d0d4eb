"""The computer players' ratings, all 1500 where no demo data spread them, start spread out by
level (accounts.models.COMPUTER_RATINGS at the time): they are the yardstick of a person's
rated matches against the computer. Only ratings no match has moved yet change."""

from __future__ import annotations

from typing import Any

from django.db import migrations

# Frozen here: a later change of the starting ratings must not rewrite what this one did.
STARTS = {"easy": 1300.0, "medium": 1500.0, "hard": 1700.0}


def spread_out(apps: Any, schema_editor: Any) -> None:
    rating = apps.get_model("accounts", "Rating")
    for level, value in STARTS.items():
        rating.objects.filter(
            user__is_bot=True, user__username=f"bot-{level}", rated_matches=0
        ).update(value=value)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0005_choices_from_registries")]

    operations = [migrations.RunPython(spread_out, migrations.RunPython.noop)]
