"""Finished hands are analysed by a real worker reading only the analysis queue."""

from __future__ import annotations

import os
import signal
from typing import Any
from unittest import mock

import pytest
from django.test import override_settings
from kombu.exceptions import OperationalError

from games import tasks
from games.models import HandAnalysis, TableEvent
from games.services import table_create, table_take_seat
from tests.games.factories import person, play_bots_to_end
from tests.helpers import start_worker, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.slow]


@pytest.mark.django_db(transaction=True)
def test_an_analysis_worker_analyses_every_finished_hand(
    stack_env: dict[str, str], redis_server: Any
) -> None:
    worker = start_worker(stack_env, f"{redis_server.queue}-analysis")
    try:
        people = [person() for _ in range(4)]
        table = table_create(creator=people[0], variant="bulgarian", turn_seconds=3600, max_hands=2)
        for user in people[1:]:
            table_take_seat(table_id=table.pk, user=user)
        play_bots_to_end(table)
        ended = set(
            TableEvent.objects.filter(table=table, kind="hand_end").values_list("hand", flat=True)
        )

        def analysed() -> bool | None:
            done = set(HandAnalysis.objects.filter(table=table).values_list("hand", flat=True))
            return True if done == ended else None

        wait_for(analysed, timeout=120, what="the analysis worker to analyse both hands")
        # What was stored is the analysis itself, not a placeholder: the calls and cards played
        # with a choice (no card where all passed and the hand was thrown in); its time is a
        # benchmark's business (bench/analysis.py), never a test's.
        for row in HandAnalysis.objects.filter(table=table):
            events = TableEvent.objects.filter(table=table, hand=row.hand)
            calls = events.filter(kind=TableEvent.Kind.BID).count()
            plays = events.filter(kind=TableEvent.Kind.PLAY).count()
            assert 0 < len(row.data["auction"]) <= calls
            decisions = row.data["decisions"]
            assert (plays > 0) == bool(decisions) and len(decisions) <= plays
            assert all(d["cards"] and d["best_perfect"] for d in decisions)
            assert row.seconds >= 0
    finally:
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait()


@pytest.mark.django_db(transaction=True)
def test_a_hand_whose_analysis_the_broker_refused_is_analysed_by_the_catch_up(
    stack_env: dict[str, str], redis_server: Any
) -> None:
    worker = start_worker(stack_env, f"{redis_server.queue}-analysis")
    try:
        table = table_create(
            creator=None, variant="belote", bot_seats=(0, 1, 2, 3), bot_delay_ms=0, max_hands=1
        )
        refused = OperationalError("the broker refused the message")
        with mock.patch.object(tasks.hand_analyse, "apply_async", side_effect=refused) as queue:
            play_bots_to_end(table)
        assert queue.call_count == 1 and not HandAnalysis.objects.filter(table=table).exists()

        assert tasks.hands_analysis_catch_up() == 0  # ended too recently: maybe still queued
        with override_settings(ANALYSIS_CATCH_UP_GRACE_SECONDS=0):
            assert tasks.hands_analysis_catch_up() == 1
        wait_for(
            lambda: HandAnalysis.objects.filter(table=table, hand=1).exists() or None,
            timeout=120,
            what="the catch-up's analysis of the refused hand",
        )
    finally:
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait()
