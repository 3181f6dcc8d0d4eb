"""Open tables nobody came back to: a host who shared a link and closed the tab left a table
waiting for good. After some idle days it goes, so the host's "Your tables" (and the rows the
lobby asks about) hold only offers someone still stands behind."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import Seat, Table
from games.presence import tables_with_someone_here


def open_tables_expire(*, idle_days: int, limit: int) -> int:
    """Delete up to `limit` tables still waiting for players, unchanged for `idle_days`,
    where no seated person has the page open now; the number deleted, oldest first.

    An event's tables are never touched (a round's table is dealt at once anyway).
    """
    cutoff = timezone.now() - timedelta(days=idle_days)
    idle = Table.objects.filter(
        status=Table.Status.OPEN, updated_at__lt=cutoff, tournament_table__isnull=True
    )
    candidates = list(idle.order_by("updated_at").values_list("pk", flat=True)[:limit])
    seated = Seat.objects.filter(table__in=candidates, user__is_bot=False)
    here = tables_with_someone_here(seated.values_list("table_id", "user_id"))
    # The filter again: a friend who sat down meanwhile changed the table, and it stays.
    _, deleted = idle.filter(pk__in=[pk for pk in candidates if pk not in here]).delete()
    return deleted.get(Table._meta.label, 0)
