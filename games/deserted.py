"""Rated matches their people left: a person losing to the computer could close the tab and
never come back, and the match, paused while nobody is there, would never count. After some
idle days it ends, conceded by the people who left, and is rated like any conceded match; one
its people never played a move of ends without a winner and unrated."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games import services  # as a module: the services' tasks import this one
from games.models import Seat, Table, TableEvent
from games.presence import tables_with_someone_here


def deserted_matches_concede(*, idle_days: int, limit: int) -> int:
    """End up to `limit` rated matches paused for want of their people for `idle_days`, where
    no seated person has the page open now, each conceded by the team its people sat on; the
    number ended, the longest paused first. An event's tables are the event's to end."""
    cutoff = timezone.now() - timedelta(days=idle_days)
    deserted = Table.objects.filter(
        status=Table.Status.PLAYING,
        rated=True,
        waits_for_people=True,
        paused_at__lt=cutoff,
        tournament_table__isnull=True,
    )
    candidates = list(deserted.order_by("paused_at").values_list("pk", flat=True)[:limit])
    people = list(
        Seat.objects.filter(table__in=candidates, user__is_bot=False).values_list(
            "table_id", "user_id", "number"
        )
    )
    here = tables_with_someone_here((table_id, user_id) for table_id, user_id, _ in people)
    played = set(
        TableEvent.objects.filter(table__in=candidates, actor="person").values_list(
            "table_id", flat=True
        )
    )
    teams: dict[int, set[int]] = {}
    for table_id, _, number in people:
        teams.setdefault(table_id, set()).add(number % 2)
    ended = 0
    for table_id in candidates:
        sides = teams.get(table_id, set())
        if table_id in here or len(sides) != 1:  # people on both sides: neither conceded
            continue
        if table_id not in played:
            ended += services.table_abort(
                table_id=table_id, reason="Nobody played at the table: not rated."
            )
            continue
        ended += services.table_end(
            table_id=table_id, reason="Nobody came back to the table.", conceded_by=sides.pop()
        )
    return ended
