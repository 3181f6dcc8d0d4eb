"""Whose cards were whose: a player's accuracy, and their line in a hand's analysis, count
only the moves they chose themselves (and their last cards, which play themselves), not a
computer player's on a turn of theirs that timed out or while it held their seat, nor those
of whoever took their seat over (a computer player when they left, an organizer's stand-in)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce
from operator import or_

from django.db.models import Max, Min, Q

from games.last_card import LAST_CARD
from games.models import MatchPlayer, Table, TableEvent
from games.queries import handed_over, seat_holders_in_hand

# The actors of the moves that are the seat's person's own.
OWN_MOVES = ("person", LAST_CARD)


def cards_played_by_others(seats: Iterable[MatchPlayer]) -> set[tuple[int, int, str]]:
    """(table, hand, card) of each card played in these seats by someone other than the seat's
    player (the seats' `user` read with them): a card is played once in a hand, so one set
    serves every player's seats."""
    owners = {(s.match.table_id, s.seat): s.user for s in seats}
    if not owners:
        return set()
    in_seats = reduce(or_, (Q(table_id=table, seat=seat) for table, seat in owners))
    # The seat's new player's moves, once it was handed over; in a person's seat, a timed-out
    # turn or a computer holding it (a last card is nobody's choice).
    others = reduce(or_, _handed_over(set(owners)), Q(pk__in=[]))
    people = [Q(table_id=t, seat=s) for (t, s), user in owners.items() if not user.is_bot]
    if people:
        others |= reduce(or_, people) & ~Q(actor__in=OWN_MOVES)
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


@dataclass(frozen=True)
class StandIn:
    """Who chose a move for the player a hand names at the seat: the computer (`name` None),
    or the person the seat was handed to during the hand."""

    name: str | None = None


def stand_in_json(stand_in: StandIn | None) -> dict[str, str | None] | None:
    """A move's chooser as pages and the API give it: null when the named player chose."""
    return None if stand_in is None else {"name": stand_in.name}


def hand_stand_ins(*, table: Table, number: int) -> dict[int, StandIn]:
    """Hand `number`'s moves, by their number in the hand, that someone chose for the player
    the hand names at that seat: the computer, on a person's turn that timed out or in a seat
    it held for them, or whoever the seat was handed to during the hand."""
    moves = [TableEvent.Kind.BID, TableEvent.Kind.PLAY]
    span = TableEvent.objects.filter(table=table, hand=number, kind__in=moves).aggregate(
        first=Min("version"), last=Max("version")
    )
    if span["first"] is None:
        return {}
    people = [not bot for _, bot in seat_holders_in_hand(table=table, number=number)]
    events = TableEvent.objects.filter(
        table=table,
        version__range=(span["first"], span["last"]),
        kind__in=[*moves, TableEvent.Kind.SEAT],
    ).order_by("version")
    taken: dict[int, StandIn] = {}
    found: dict[int, StandIn] = {}
    move = 0
    for kind, seat, actor, payload in events.values_list("kind", "seat", "actor", "payload"):
        if kind == TableEvent.Kind.SEAT:
            if seat is not None and handed_over(payload):
                taken[seat] = StandIn(None if "bot" in payload else payload["joined"])
            continue
        if seat in taken:
            found[move] = taken[seat]
        elif seat is not None and people[seat] and actor not in OWN_MOVES:
            found[move] = StandIn()
        move += 1
    return found
