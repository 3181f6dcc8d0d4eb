"""An 8-pair single elimination where 3 pairs never check in: bots take their seats, it ends."""

from __future__ import annotations

import pytest

from games.models import MatchPlayer
from tests.helpers import Worker, wait_for
from tests.tournaments.factories import ready_to_start
from tournaments import services
from tournaments.models import Entry, Round, RoundTable, Standing, Tournament

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_single_elimination_with_three_no_shows_completes(celery_worker: Worker) -> None:
    event, people = ready_to_start(
        bot_entries=5, people_entries=3, format=Tournament.Format.SINGLE_ELIMINATION
    )
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    assert Entry.objects.filter(tournament=event, no_show=True).count() == 3

    def finished() -> bool | None:
        event.refresh_from_db()
        return True if event.status == Tournament.Status.FINISHED else None

    wait_for(finished, timeout=180, what="the bracket to be played out")
    rounds = list(Round.objects.filter(tournament=event))
    assert [len(r.tables.all()) for r in rounds] == [4, 2, 1]
    final = RoundTable.objects.get(round=rounds[-1])
    assert final.winner_id in (final.home_id, final.away_id)
    lines = list(Standing.objects.filter(tournament=event).order_by("rank"))
    assert [line.rank for line in lines] == list(range(1, 9))
    assert lines[0].entry_id == final.winner_id
    # Nobody absent ever sat down: stand-in bots played every seat of theirs.
    seated = MatchPlayer.objects.filter(match__table__tournament_table__round__in=rounds)
    assert seated.count() == 4 * 7
    assert not seated.filter(user__in=people).exists()
    assert all(player.user.is_bot for player in seated.select_related("user"))
