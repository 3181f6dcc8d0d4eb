"""Whose cards were whose: a player's accuracy counts only the cards they chose themselves, not
a computer player's on a turn of theirs that timed out or while it held their seat, nor those
of whoever took their seat over (a computer player when they left, an organizer's stand-in)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import or_
from typing import Any

from django.db.models import Q

from games.models import MatchPlayer, TableEvent
from games.queries import handed_over


def cards_played_by_others(*, user: Any, seats: Iterable[MatchPlayer]) -> set[tuple[int, int, str]]:
    """(table, hand, card) of each card played in `user`'s seats by someone else."""
    held = {(s.match.table_id, s.seat) for s in seats}
    if not held:
        return set()
    in_seats = reduce(or_, (Q(table_id=table, seat=seat) for table, seat in held))
    others = reduce(or_, _handed_over(held), Q(pk__in=[]))
    if not user.is_bot:
        others |= ~Q(actor="person")  # a timed-out turn, or a seat a computer held
    plays = TableEvent.objects.filter(in_seats, others, kind=TableEvent.Kind.PLAY)
    return {
        (table, hand, payload["play"])
        for table, hand, payload in plays.values_list("table_id", "hand", "payload")
    }


def _handed_over(held: set[tuple[int, int]]) -> list[Q]:
    """The moves in each held seat after it was first handed to another player."""
    tables = {table for table, _ in held}
    first: dict[tuple[int, int], int] = {}
    changes = TableEvent.objects.filter(table_id__in=tables, kind=TableEvent.Kind.SEAT)
    for table, seat, version, change in changes.order_by("version").values_list(
        "table_id", "seat", "version", "payload"
    ):
        if seat is not None and (table, seat) in held and handed_over(change):
            first.setdefault((table, seat), version)
    return [
        Q(table_id=table, seat=seat, version__gt=version)
        for (table, seat), version in first.items()
    ]
