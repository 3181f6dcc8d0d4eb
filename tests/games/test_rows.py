"""The hot path's own statements write and lock exactly what the ORM would."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import transaction
from django.utils import timezone

from games.models import Match, Table, TableEvent
from games.rows import insert_rows, locked_version, update_row
from tests.games.factories import bot_table

pytestmark = pytest.mark.django_db


def test_a_row_updated_by_name_reads_back_as_the_orm_wrote_it() -> None:
    table = bot_table("coinche")
    match = Match.objects.get(table=table)
    finished = datetime(2026, 12, 2, 18, 30, tzinfo=UTC)
    engine = {**match.engine, "note": "ünïcode ♠"}
    update_row(Match, match.pk, {"engine": engine, "score": [162, 0], "finished_at": finished})
    update_row(Table, table.pk, {"version": 99, "paused_at": None})
    match.refresh_from_db()
    table.refresh_from_db()
    assert (match.engine, match.score, match.finished_at) == (engine, [162, 0], finished)
    assert table.version == 99 and table.paused_at is None


def test_the_locked_version_is_the_rows_and_none_for_a_missing_row() -> None:
    table = bot_table("bela")
    with transaction.atomic():
        assert locked_version(Table, table.pk) == table.version
        assert locked_version(Table, table.pk + 1000) is None


def test_rows_inserted_together_read_back_as_the_orm_wrote_them() -> None:
    table = bot_table("belote")
    last = table.version
    events = [
        TableEvent(table=table, version=last + n, hand=1, seat=n % 4, kind="bid", actor="bot",
                   payload={"bid": f"pass {n}", "ünï": "♥"}, created_at=timezone.now())
        for n in (1, 2, 3)
    ]  # fmt: skip
    insert_rows(events)
    stored = TableEvent.objects.filter(table=table, version__gt=last).order_by("version")
    assert [(e.version, e.seat, e.payload) for e in stored] == [
        (e.version, e.seat, e.payload) for e in events
    ]
