"""Whose cards were whose: a player's accuracy, and their line in a hand's analysis, count
only the moves they chose themselves (and their last cards, which play themselves), not a
computer player's on a turn of theirs that timed out or while it held their seat, nor those
of whoever took their seat over (a computer player when they left, an organizer's stand-in)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce
from operator import or_
from typing import Any

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
    # By (table, seat): the event log's seats may be None (a table's own events), never here.
    owners: dict[tuple[int, int | None], Any] = {(s.match.table_id, s.seat): s.user for s in seats}
    if not owners:
        return set()
    in_seats = reduce(or_, (Q(table_id=table, seat=seat) for table, seat in owners))
    handed = _first_handed_over(set(owners))
    after_handover = [
        Q(table_id=table, seat=seat, version__gt=version)
        for (table, seat), version in handed.items()
    ]
    others = reduce(or_, after_handover, ~Q(actor__in=OWN_MOVES))
    plays = TableEvent.objects.filter(in_seats, others, kind=TableEvent.Kind.PLAY)
    return {
        (table, hand, payload["play"])
        for table, seat, hand, version, actor, payload in plays.values_list(
            "table_id", "seat", "hand", "version", "actor", "payload"
        )
        # The seat's new player's, or a person's timed-out turn or seat a computer held (a
        # last card is nobody's choice); a computer player's seat has no one else's moves.
        if version > handed.get((table, seat), version)
        or (actor not in OWN_MOVES and not owners[(table, seat)].is_bot)
    }


def _first_handed_over(held: set[tuple[int, int | None]]) -> dict[tuple[int, int | None], int]:
    """The version at which each held seat was first handed to another player, where it was."""
    tables = {table for table, _ in held}
    first: dict[tuple[int, int | None], int] = {}
    changes = TableEvent.objects.filter(table_id__in=tables, kind=TableEvent.Kind.SEAT)
    for table, seat, version, change in changes.order_by("version").values_list(
        "table_id", "seat", "version", "payload"
    ):
        if seat is not None and (table, seat) in held and handed_over(change):
            first.setdefault((table, seat), version)
    return first


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
