"""Data migrations of live tables, run over rows as the earlier schema left them."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_finished_table_left_paused_is_unpaused_and_a_playing_one_kept_paused() -> None:
    executor = MigrationExecutor(connection)
    before = [("games", "0010_table_waits_for_people")]
    executor.migrate(before)
    old_table = executor.loader.project_state(before).apps.get_model("games", "Table")
    now = timezone.now()
    finished = old_table.objects.create(variant="bela", status="finished", paused_at=now)
    playing = old_table.objects.create(variant="bela", status="playing", paused_at=now)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert not Table.objects.get(pk=finished.pk).is_paused
    assert Table.objects.get(pk=playing.pk).is_paused, "a live table's pause is the organizer's"
