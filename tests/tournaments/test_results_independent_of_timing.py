"""Results never depend on timing: tables end their own matches, rounds finish on the last
match's end or at their one deadline task, and a seeded event replays identically."""

from __future__ import annotations

import os
import signal
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Table
from tests.helpers import Redis, default_queue, start_worker, wait_for
from tests.tournaments.factories import play_deals, ready_to_start
from tournaments import services, tasks
from tournaments.models import Round, RoundTable, Tournament
from tournaments.rounds import round_start

Capture = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]


@pytest.mark.django_db
def test_every_formats_table_ends_its_match_after_exactly_the_events_deals() -> None:
    for settings in (
        {"format": Tournament.Format.SWISS},
        {"format": Tournament.Format.ROUND_ROBIN},
        {"format": Tournament.Format.SINGLE_ELIMINATION},
    ):
        event, _ = ready_to_start(bot_entries=2, match_deals=3, **settings)
        services.tournament_start(tournament_id=event.pk, user=event.organizer)
        round_ = Round.objects.get(tournament=event, number=1)
        round_start(round_id=round_.pk)
        table = RoundTable.objects.get(round=round_).table
        assert table.max_hands == 3 and len(table.deals) == 3
        play_deals(table, 100)  # the bots would go on; the table stops them
        table.refresh_from_db()
        assert table.status == Table.Status.FINISHED and table.match.hands_played == 3


@pytest.mark.django_db
def test_a_round_queues_one_deadline_task_for_its_deadline(
    django_capture_on_commit_callbacks: Capture,
    monkeypatch: pytest.MonkeyPatch,
    redis_server: Redis,
) -> None:
    queued: list[tuple[Any, Any]] = []
    monkeypatch.setattr(
        tasks.round_deadline, "apply_async", lambda args, eta: queued.append((args, eta))
    )
    monkeypatch.setattr(tasks.start_round, "delay", lambda round_id: None)
    event, _ = ready_to_start(bot_entries=4, match_deals=None, swiss_rounds=1)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = Round.objects.get(tournament=event, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        round_start(round_id=round_.pk)
    round_.refresh_from_db()
    assert queued == [((round_.pk,), round_.deadline)]
    assert not tasks.round_deadline(round_.pk), "come early, it finds nothing due"
    Round.objects.filter(pk=round_.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert tasks.round_deadline(round_.pk), "at the deadline it decides the tables and finishes"
    assert Round.objects.get(pk=round_.pk).status == Round.Status.FINISHED


def _results(event: Tournament) -> list[tuple[int, int, int | None, int, int, int | None]]:
    """Every table's result, entries named by their place in the entry list (not their ids)."""
    ids = event.entries.order_by("pk").values_list("pk", flat=True)
    order = {pk: n for n, pk in enumerate(ids)}
    found = []
    for table in RoundTable.objects.filter(round__tournament=event).order_by(
        "round__number", "number"
    ):
        away = None if table.away_id is None else order[table.away_id]
        winner = None if table.winner_id is None else order[table.winner_id]
        found.append(
            (table.round.number, order[table.home_id], away, table.home_points,
             table.away_points, winner)
        )  # fmt: skip
    return found


def _play_with_worker(
    stack_env: dict[str, str], seed: int, length: dict[str, Any], **worker: str
) -> list[tuple]:
    """The seeded event, played start to end by a worker of the given speed."""
    queue = f"replay-{uuid.uuid4().hex[:8]}"
    concurrency = int(worker.pop("concurrency"))
    env = {**stack_env, "CELERY_QUEUE": queue, **worker}
    with default_queue(queue):
        process = start_worker(env, queue, concurrency=concurrency)
        try:
            event, _ = ready_to_start(
                bot_entries=4, swiss_rounds=2, rated=False, round_minutes=30, **length
            )
            Tournament.objects.filter(pk=event.pk).update(seed=seed)
            services.tournament_start(tournament_id=event.pk, user=event.organizer)

            def finished() -> bool | None:
                event.refresh_from_db()
                return True if event.status == Tournament.Status.FINISHED else None

            wait_for(finished, timeout=180, what="the worker to finish the event")
        finally:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return _results(event)


@pytest.mark.integration
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "length",
    [{"match_deals": 2}, {"match_deals": None, "house_rules": {"target": 501}}],
    ids=["fixed-deals", "to-the-target"],
)
def test_the_same_seeded_event_gives_the_same_results_at_any_worker_speed(
    stack_env: dict[str, str], length: dict[str, Any]
) -> None:
    fast = _play_with_worker(
        stack_env, 20261202, length, concurrency="2", LIVE_TABLE_BOT_DELAY_MS="0",
        LIVE_TABLE_BOT_RUN_SECONDS="1",
    )  # fmt: skip
    slow = _play_with_worker(
        stack_env, 20261202, length, concurrency="1", LIVE_TABLE_BOT_DELAY_MS="40",
        LIVE_TABLE_BOT_RUN_SECONDS="0.01",
    )  # fmt: skip
    assert len(fast) == 4 and fast == slow
