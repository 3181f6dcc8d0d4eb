"""Watch groups: the tables of a duplicate round, which all deal the same cards.

While any table of a group is being played, a person seated at one of them may not watch
another (they would see the cards they are about to hold), and everyone else sees a table's
deals only once every table of the group has finished them. A table is put in a group when it
is created; games never asks who organizes it (tournaments only name the group).
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_noop

from games.models import Match, Seat, Table

# English, looked up in the viewer's language where they are shown (ServiceError, pages, JS).
REFUSED = gettext_noop(
    "You play in this duplicate round: other tables are dealt your cards. Watch them once "
    "every table of the round has finished."
)
WITHHELD = gettext_noop("Deals are shown once every table of the round has finished them.")


def group_table_ids(*, group: str) -> list[int]:
    """The tables of a watch group, oldest first."""
    return list(Table.objects.filter(watch_group=group).order_by("pk").values_list("pk", flat=True))


def live_groups() -> QuerySet[Table, str]:
    """The watch groups some table of which is still being played (or waits for players)."""
    unfinished = Table.objects.exclude(watch_group="").exclude(status=Table.Status.FINISHED)
    return unfinished.values_list("watch_group", flat=True)


def _live(group: str) -> bool:
    return Table.objects.filter(watch_group=group).exclude(status=Table.Status.FINISHED).exists()


def watch_refusal(*, table: Table, user: Any) -> str | None:
    """Why this person may not watch the table (None: they may).

    Refused: someone seated at another table of the table's group while the group plays.
    """
    if not table.watch_group or user is None or not user.is_authenticated:
        return None
    seats = Seat.objects.filter(table__watch_group=table.watch_group, user=user)
    if not seats.exclude(table=table).exists() or seats.filter(table=table).exists():
        return None
    return REFUSED if _live(table.watch_group) else None


def released_hands(*, table: Table) -> int | None:
    """How many of the table's hands onlookers may see; None: all of them (no group, or done).

    A hand is released once every table of the group has finished it; a finished table holds
    nobody back, whatever it did not play.
    """
    if not table.watch_group:
        return None
    tables = Table.objects.filter(watch_group=table.watch_group).exclude(
        status=Table.Status.FINISHED
    )
    if not tables.exists():
        return None
    played = dict(Match.objects.filter(table__in=tables).values_list("table_id", "hands_played"))
    return min(played.get(pk, 0) for pk in tables.values_list("pk", flat=True))
