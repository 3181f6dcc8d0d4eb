"""games' match_finished signal: a tournament table's end queues its round's finalize at once."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from games.models import Match, Table
from games.signals import match_finished
from tests.games.factories import bot_table
from tests.tournaments.factories import ready_to_start
from tournaments import services
from tournaments.models import Round, RoundTable
from tournaments.rounds import round_start

pytestmark = pytest.mark.django_db

Capture = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]


def test_a_tournament_tables_end_queues_one_finalize(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    event, _ = ready_to_start(bot_entries=2)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = Round.objects.get(tournament=event, number=1)
    round_start(round_id=round_.pk)
    table = RoundTable.objects.get(round=round_).table
    with django_capture_on_commit_callbacks() as queued:
        match_id = Match.objects.get(table=table).pk
        match_finished.send(sender=Table, table_id=table.pk, match_id=match_id)
    assert len(queued) == 1


def test_another_tables_end_queues_nothing(django_capture_on_commit_callbacks: Capture) -> None:
    table = bot_table()
    with django_capture_on_commit_callbacks() as queued:
        match_id = Match.objects.get(table=table).pk
        match_finished.send(sender=Table, table_id=table.pk, match_id=match_id)
    assert queued == []
