"""A 16-pair bots-only Swiss of 4 rounds, run by a real Celery worker to its final standings."""

from __future__ import annotations

import pytest

from accounts.models import RatingChange
from tests.helpers import Worker, wait_for
from tests.tournaments.factories import ready_to_start
from tournaments import services
from tournaments.models import Round, RoundTable, Standing, Tournament

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_bots_only_swiss_runs_to_final_standings_and_rating_changes(
    celery_worker: Worker,
) -> None:
    event, _ = ready_to_start(bot_entries=16, swiss_rounds=4)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)

    def finished() -> bool | None:
        event.refresh_from_db()
        return True if event.status == Tournament.Status.FINISHED else None

    wait_for(finished, timeout=240, what="the worker to play all four rounds")
    rounds = list(Round.objects.filter(tournament=event))
    assert [r.number for r in rounds] == [1, 2, 3, 4]
    assert all(r.status == Round.Status.FINISHED for r in rounds)
    for round_ in rounds:
        tables = list(round_.tables.all())
        assert len(tables) == 8 and all(t.finished for t in tables)
        entries = [e for t in tables for e in (t.home_id, t.away_id)]
        assert len(set(entries)) == 16, "every entry plays once a round"
    met = [frozenset((t.home_id, t.away_id)) for t in RoundTable.objects.filter(round__in=rounds)]
    assert len(set(met)) == len(met), "no rematch in a field this size"
    lines = list(Standing.objects.filter(tournament=event))
    assert len(lines) == 16 and lines[0].rank == 1
    assert all(line.rounds_played == 4 for line in lines)
    assert sum(line.score for line in lines) == 32, "one point per table, shared when level"
    decided = RoundTable.objects.filter(round__in=rounds, winner__isnull=False).count()
    changes = RatingChange.objects.filter(match__table__tournament_table__round__in=rounds)
    assert changes.count() == 4 * decided
