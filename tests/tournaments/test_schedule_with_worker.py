"""The per-minute sweep on a real worker starts a scheduled event once, even delivered twice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.helpers import Worker, wait_for
from tests.tournaments.factories import bot_player, tournament
from tournaments import services, tasks
from tournaments.models import Entry, Round, RoundTable, Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_sweep_task_opens_check_in_and_starts_the_event_exactly_once(
    celery_worker: Worker,
) -> None:
    event = tournament()
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    for _ in range(4):
        team = [bot_player(), bot_player()]
        services.entry_register(tournament_id=event.pk, user=event.organizer, players=team)
    # Due only now: the sweep a starting worker sends must not close entries before this.
    now = timezone.now()
    times = {"check_in_opens_at": now - timedelta(minutes=2), "starts_at": now}
    services.tournament_edit(tournament_id=event.pk, user=event.organizer, changes=times)
    # Two sweeps at once on a worker of two processes, as two beats or a retry would send.
    tasks.sweep.delay()
    tasks.sweep.delay()

    def round_one_running() -> Round | None:
        return Round.objects.filter(
            tournament=event, number=1, status__in=[Round.Status.RUNNING, Round.Status.FINISHED]
        ).first()

    first = wait_for(round_one_running, timeout=60, what="the sweep to start the event")
    started = Tournament.objects.get(pk=event.pk)
    assert started.status in (Tournament.Status.RUNNING, Tournament.Status.FINISHED)
    assert started.started_at is not None
    assert Entry.objects.filter(tournament=event).count() == 4, "no entry added or dropped"
    assert RoundTable.objects.filter(round=first).count() == 2, "one pairing, opened once"
