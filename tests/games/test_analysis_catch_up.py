"""Beat's catch-up queues again the analyses of hands a refusing broker left unanalysed."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.conf import settings
from django.utils import timezone

from config.celery import app
from games.analyses import hand_analyse, hands_analysis_catch_up
from games.models import Table, TableEvent
from games.services import table_create
from tests.games.factories import play_bots_to_end


def finished_match(ended_ago: timedelta) -> Table:
    table = play_bots_to_end(
        table_create(
            creator=None, variant="bela", bot_seats=(0, 1, 2, 3), bot_delay_ms=0, max_hands=1
        )
    )
    ends = TableEvent.objects.filter(table=table, kind=TableEvent.Kind.HAND_END)
    ends.update(created_at=timezone.now() - ended_ago)
    return table


@pytest.mark.django_db
def test_only_hands_ended_a_while_ago_with_no_analysis_are_queued_again() -> None:
    missed = finished_match(timedelta(minutes=30))
    recent = finished_match(timedelta(seconds=10))
    analysed = finished_match(timedelta(minutes=30))
    hand_analyse(table_id=analysed.pk, number=1)
    too_old = finished_match(timedelta(days=3))
    with mock.patch("games.outbox.queue_analysis", return_value=True) as queue:
        queued = hands_analysis_catch_up(grace_seconds=600, window_seconds=86_400, limit=10)
    assert queued == 1 and queue.call_args_list == [mock.call(missed.pk, 1)]
    assert {recent.pk, analysed.pk, too_old.pk}.isdisjoint(c.args[0] for c in queue.mock_calls)


@pytest.mark.django_db
def test_a_hand_already_analysed_is_not_computed_again() -> None:
    table = finished_match(timedelta(minutes=30))
    first = hand_analyse(table_id=table.pk, number=1)
    with mock.patch("games.analyses.analyse_hand") as analyse:
        again = hand_analyse(table_id=table.pk, number=1)
    assert again == first and not analyse.called


def test_beat_runs_the_catch_up() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["games-hands-analysis-catch-up"]
    assert entry["task"] in app.tasks
    assert entry["schedule"] == settings.ANALYSIS_CATCH_UP_GRACE_SECONDS
