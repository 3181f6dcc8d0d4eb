"""Data migrations of tournaments, run over rows as the earlier schema left them."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from accounts.models import User
from tournaments.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0012_choices_from_registries")]


def test_entries_named_only_by_their_players_then_read_their_names_when_shown() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    tournament, entry = (old.get_model("tournaments", name) for name in ("Tournament", "Entry"))
    # Accounts' schema is the latest: their rows, by the historical model's key.
    user = old.get_model("accounts", "User")
    organizer, ann, bob, closed, filler, cy, di = (
        user.objects.get(pk=account.pk)
        for account in (
            User.objects.create(username="org"),
            User.objects.create(username="ann", display_name="Ann"),
            User.objects.create(username="bob"),
            User.objects.create(username="closed-7", is_active=False),
            User.objects.create(username="filler-easy-1", is_bot=True, bot_level="easy"),
            User.objects.create(username="cy"),
            User.objects.create(username="di"),
        )
    )
    event = tournament.objects.create(
        name="Cup", variant="bela", format="swiss", organizer=organizer
    )
    rows = {
        "pair": entry.objects.create(tournament=event, name="Ann & bob", player_one=ann,
                                     player_two=bob),
        "team": entry.objects.create(tournament=event, name="The Jacks", player_one=cy,
                                     player_two=di),
        "closed": entry.objects.create(tournament=event, name="Dana Real", player_one=closed),
        "filler": entry.objects.create(tournament=event, name="Table filler 1 (Easy)",
                                       player_one=filler, filler=True),
    }  # fmt: skip
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    names = {key: Entry.objects.get(pk=row.pk).name for key, row in rows.items()}
    assert names == {"pair": "", "team": "The Jacks", "closed": "", "filler": ""}
    assert str(Entry.objects.get(pk=rows["closed"].pk)) == "Former player"
    assert str(Entry.objects.get(pk=rows["filler"].pk)) == "Table filler 1 (Easy)"
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(BEFORE)
    assert entry.objects.get(pk=rows["pair"].pk).name == "Ann & bob", "and back"
    assert entry.objects.get(pk=rows["team"].pk).name == "The Jacks"
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
