"""The Celery worker killed in the middle of a round: a new worker finalizes it, exactly once."""

from __future__ import annotations

import os
import signal
import time
import uuid

import pytest

from accounts.models import RatingChange
from games.models import Table
from tests.helpers import default_queue, start_worker, wait_for
from tests.tournaments.factories import ready_to_start
from tournaments import services
from tournaments.models import Round, RoundTable, Standing, Tournament

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_round_whose_worker_was_killed_finalizes_exactly_once(
    stack_env: dict[str, str],
) -> None:
    queue = f"tournament-{uuid.uuid4().hex[:8]}"
    env = {
        **stack_env,
        "CELERY_QUEUE": queue,
        "LIVE_TABLE_STALL_SECONDS": "1",
        # One move per task and commit (a run of bot moves commits a hand at once): the round
        # lasts long enough for the kill to land in it.
        "LIVE_TABLE_BOT_RUN_SECONDS": "0",
    }
    with default_queue(queue):
        first = start_worker(env, queue, concurrency=2)
        second = None
        try:
            # Four deals a match: the tables end their own matches, and the kill must land
            # while round 1 is still being played.
            event, _ = ready_to_start(bot_entries=4, swiss_rounds=2, match_deals=4)
            services.tournament_start(tournament_id=event.pk, user=event.organizer)

            def mid_round() -> bool | None:
                tables = Table.objects.filter(tournament_table__round__number=1)
                return True if tables.count() == 2 and min(t.version for t in tables) > 20 else None

            wait_for(mid_round, timeout=60, what="round 1 to be under way")
            os.killpg(first.pid, signal.SIGKILL)
            first.wait()
            assert Round.objects.get(tournament=event, number=1).status == Round.Status.RUNNING
            time.sleep(2)
            second = start_worker(env, queue, concurrency=2)

            def finished() -> bool | None:
                event.refresh_from_db()
                return True if event.status == Tournament.Status.FINISHED else None

            wait_for(finished, timeout=120, what="a new worker to finish the event")
        finally:
            for worker in (first, second):
                if worker is not None and worker.poll() is None:
                    os.killpg(worker.pid, signal.SIGKILL)
                    worker.wait()
    rounds = list(Round.objects.filter(tournament=event))
    assert [(r.number, r.status) for r in rounds] == [(1, "finished"), (2, "finished")]
    assert [r.tables.count() for r in rounds] == [2, 2]
    assert Standing.objects.filter(tournament=event).count() == 4
    assert all(s.rounds_played == 2 for s in Standing.objects.filter(tournament=event))
    decided = RoundTable.objects.filter(round__in=rounds, winner__isnull=False).count()
    rated = RatingChange.objects.filter(match__table__tournament_table__round__in=rounds)
    assert rated.count() == 4 * decided
