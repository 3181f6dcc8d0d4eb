"""The computer players' ratings move to what their matches measured, per rule set
(accounts.models.COMPUTER_RATINGS at the time, from `bench/computer_ratings.py`): the spread
by level of 0006 (200 points a level) was twice too wide or more, so a person rose higher by
playing hard than by playing the same way against easy. Each rating moves by the change of its
start, keeping whatever seats on one side of a people's table moved it since."""

from __future__ import annotations

from typing import Any

from django.db import migrations

# Frozen here: a later measurement must not rewrite what this one did.
BEFORE = {"easy": 1300.0, "medium": 1500.0, "hard": 1700.0}
MEASURED = {
    "easy": {"bulgarian": 1370.0, "bela": 1390.0, "belote": 1410.0, "coinche": 1290.0},
    "hard": {"bulgarian": 1580.0, "bela": 1530.0, "belote": 1570.0, "coinche": 1540.0},
}


def move(apps: Any, schema_editor: Any, sign: float) -> None:
    rating = apps.get_model("accounts", "Rating")
    for level, starts in MEASURED.items():
        for variant, start in starts.items():
            for row in rating.objects.filter(
                user__is_bot=True, user__username=f"bot-{level}", variant=variant
            ):
                row.value += sign * (start - BEFORE[level])
                row.save(update_fields=["value"])


def measured(apps: Any, schema_editor: Any) -> None:
    move(apps, schema_editor, 1.0)


def spread_by_level(apps: Any, schema_editor: Any) -> None:
    move(apps, schema_editor, -1.0)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0006_computer_players_spread_out")]

    operations = [migrations.RunPython(measured, spread_by_level)]
