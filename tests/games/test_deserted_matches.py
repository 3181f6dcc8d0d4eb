"""A rated match against the computer that its person left (closed the tab while losing) ends
once they have stayed away for a while, conceded by them and rated: it waited, paused, for
good before, so leaving dodged the loss. A match someone is back at, or that paused lately,
or that is not rated, stays. One its person never played a move of (a second tap on Play
opened it, or its tab was closed at once) ends without a winner and unrated."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from accounts.models import RatingChange
from config.celery import app
from games import presence
from games.deserted import deserted_matches_concede
from games.models import Table
from games.services import table_act, table_create_in_lobby, table_leave
from tests.games.factories import a_persons_move, person, play_until_holding

pytestmark = pytest.mark.django_db

KEEP_DAYS = 7


def left_paused(*, days: float, rated: bool = True, played: bool = True) -> Table:
    """A person's match against the computer, paused since they left `days` ago (having
    played a move of theirs, unless not `played`)."""
    player = person()
    table = table_create_in_lobby(user=player, opponents="computer", variant="belote")
    Table.objects.filter(pk=table.pk).update(rated=rated)
    if played:
        play_until_holding(table, 8, seat=0)
        action = a_persons_move(table)
        table_act(table_id=table.pk, user=player, action=action, version=table.version)
    table_leave(table_id=table.pk, user=player)  # a bot holds the seat: the table waits
    table.refresh_from_db()
    assert table.is_paused
    Table.objects.filter(pk=table.pk).update(paused_at=timezone.now() - timedelta(days=days))
    return table


def test_a_rated_match_nobody_came_back_to_is_conceded_and_rated() -> None:
    table = left_paused(days=KEEP_DAYS + 1)
    assert deserted_matches_concede(idle_days=KEEP_DAYS, limit=10) == 1
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and table.match.winner_team == 1
    change = RatingChange.objects.get()
    assert change.user.username == table.seats.get(number=0).user.username
    assert change.after < change.before


def test_a_rated_match_its_person_never_played_ends_unrated_without_a_winner() -> None:
    never = left_paused(days=KEEP_DAYS + 1, played=False)
    assert deserted_matches_concede(idle_days=KEEP_DAYS, limit=10) == 1
    never.refresh_from_db()
    assert never.status == Table.Status.FINISHED and not never.rated
    assert never.match.winner_team is None and not never.match.rated
    assert not RatingChange.objects.exists()


def test_a_match_someone_may_still_come_back_to_stays() -> None:
    lately = left_paused(days=KEEP_DAYS - 1)
    unrated = left_paused(days=KEEP_DAYS + 1, rated=False)
    back = left_paused(days=KEEP_DAYS + 1)
    presence.seat_here(table_id=back.pk, user_id=back.seats.get(number=0).user_id)
    assert deserted_matches_concede(idle_days=KEEP_DAYS, limit=10) == 0
    statuses = Table.objects.filter(pk__in=[lately.pk, unrated.pk, back.pk])
    assert set(statuses.values_list("status", flat=True)) == {Table.Status.PLAYING}


def test_the_longest_paused_go_first_a_limited_number_a_run() -> None:
    older = left_paused(days=KEEP_DAYS + 5)
    newer = left_paused(days=KEEP_DAYS + 2)
    assert deserted_matches_concede(idle_days=KEEP_DAYS, limit=1) == 1
    assert Table.objects.get(pk=older.pk).status == Table.Status.FINISHED
    assert Table.objects.get(pk=newer.pk).status == Table.Status.PLAYING
    assert deserted_matches_concede(idle_days=KEEP_DAYS, limit=1) == 1


def test_beat_runs_it_daily() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["games-deserted-matches-concede"]
    assert entry["task"] in app.tasks and entry["schedule"] == 86_400
    assert settings.DESERTED_MATCH_KEEP_DAYS >= 1
