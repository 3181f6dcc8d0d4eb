"""An 8-pair bots-only duplicate event of 2 rounds, run by a real Celery worker."""

from __future__ import annotations

import pytest

from games.models import Table
from tests.helpers import Worker, wait_for
from tests.tournaments.duplicate_checks import check_round
from tests.tournaments.factories import ready_to_start
from tournaments import services
from tournaments.models import Round, Standing, Tournament

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_bots_only_duplicate_deals_the_same_cards_and_ranks_by_matchpoints(
    celery_worker: Worker,
) -> None:
    event, _ = ready_to_start(bot_entries=8, format="duplicate", match_deals=2, swiss_rounds=2)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)

    def finished() -> bool | None:
        event.refresh_from_db()
        return True if event.status == Tournament.Status.FINISHED else None

    wait_for(finished, timeout=180, what="the worker to play both duplicate rounds")
    rounds = list(Round.objects.filter(tournament=event).order_by("number"))
    assert [r.number for r in rounds] == [1, 2]
    totals: dict[int, int] = {}
    for round_ in rounds:
        assert round_.tables.count() == 4
        for entry, points in check_round(round_, deals=2).items():
            totals[entry] = totals.get(entry, 0) + points
    groups = {t.watch_group for t in Table.objects.all()}
    assert len(groups) == 2 and "" not in groups, "one watch group per round"
    lines = list(Standing.objects.filter(tournament=event).order_by("rank", "entry"))
    assert {line.entry_id: line.score for line in lines} == totals
    assert [line.score for line in lines] == sorted(totals.values(), reverse=True)
    assert all(line.rounds_played == 2 for line in lines) and lines[0].rank == 1
