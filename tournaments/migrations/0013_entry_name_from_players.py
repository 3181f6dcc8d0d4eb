"""An entry's name is its own team name only; blank, its players' names are read when shown
(in the reader's language, a renamed player's new name, a closed account as "Former player").
Names that were only the players' names as stored then are cleared, as are table fillers' and
those of an entry with a closed account: its person's name must go with the account."""

from __future__ import annotations

from typing import Any

from django.db import migrations, models

# Frozen here (accounts.usernames.CLOSED_PREFIX at the time).
CLOSED_PREFIX = "closed-"


def names_from_players(apps: Any, schema_editor: Any) -> None:
    entry_model = apps.get_model("tournaments", "Entry")
    named = entry_model.objects.exclude(name="").select_related("player_one", "player_two")
    for entry in named.iterator():
        players = [p for p in (entry.player_one, entry.player_two) if p is not None]
        as_stored = " & ".join(p.display_name or p.username for p in players)
        closed = any(p.username.startswith(CLOSED_PREFIX) for p in players)
        if entry.filler or closed or entry.name == as_stored:
            entry.name = ""
            entry.save(update_fields=["name"])


def names_stored(apps: Any, schema_editor: Any) -> None:
    entry_model = apps.get_model("tournaments", "Entry")
    unnamed = entry_model.objects.filter(name="").select_related("player_one", "player_two")
    for entry in unnamed.iterator():
        players = [p for p in (entry.player_one, entry.player_two) if p is not None]
        entry.name = " & ".join(p.display_name or p.username for p in players)
        entry.save(update_fields=["name"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0012_choices_from_registries")]

    operations = [
        migrations.AlterField(
            model_name="entry",
            name="name",
            field=models.CharField(blank=True, max_length=120),
        ),
        migrations.RunPython(names_from_players, names_stored),
    ]
