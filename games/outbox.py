"""What a committed table change sets going: each viewer's message, the next move or timer.

Registered with transaction.on_commit, so nobody hears of a change that rolled back and no
task reads uncommitted rows. The only module that queues games' tasks.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from django.db import transaction
from kombu.exceptions import OperationalError

from games import tasks
from games.broadcast import LATEST, Payload, broadcast, public_group, seat_group
from games.last_card import moves_without_person
from games.models import Table, TableEvent
from games.queries import hand_view, table_snapshot, turn_time
from games.unit_of_work import Moment, TableChange
from games.watching import group_table_ids, released_hands

logger = logging.getLogger(__name__)


def publish(change: TableChange, *, queue_next: bool = True) -> None:
    """After commit: every viewer's message for each event, then the next bot move or timer.

    `queue_next` False: the caller makes the next (bot's) move itself.
    """
    table = change.table
    moments = list(change.moments)
    follow_up = _next_task(change) if queue_next else None
    ended = change.ended_hand if table.watch_group else None
    analyse = change.ended_hand

    def after_commit() -> None:
        committed_at = time.time()
        messages = [m for moment in moments for m in _messages(table, moment, committed_at)]
        if messages:
            broadcast(messages)
        if ended is not None:
            _release_deals(table, ended)
        if follow_up is not None:
            follow_up()
        # Last: play goes on first, whatever becomes of the analysis.
        if analyse is not None:
            queue_analysis(table.pk, analyse)

    transaction.on_commit(after_commit)


def queue_analysis(table_id: int, number: int) -> bool:
    """Queue the hand's analysis; a broker that refuses it costs no move, and the catch-up
    (games.analyses.hands_analysis_catch_up) queues it again later. False if refused."""
    try:
        tasks.hand_analyse.apply_async((table_id, number), queue=tasks.analysis_queue())
    except OperationalError:
        logger.warning(
            "hand %s of table %s not queued for analysis", number, table_id, exc_info=True
        )
        return False
    return True


def publish_chat(*, table: Table, payload: dict[str, Any], seated: bool) -> None:
    """After commit, a line of chat: players talk to everyone; spectators only to spectators."""
    # Players of a duplicate round talk among themselves: onlookers might pass it on.
    groups = [] if seated and table.watch_group else [public_group(table.pk)]
    if seated:
        groups += [seat_group(table.pk, n) for n in range(4)]
    transaction.on_commit(lambda: broadcast([(g, payload) for g in groups]))


def requeue_bot_move(*, table_id: int, version: int) -> None:
    """After commit, the bot's move at `version` again, at once (a lost task's stand-in)."""
    transaction.on_commit(lambda: tasks.bot_act.apply_async((table_id, version)))


def requeue_turn_timeout(*, table_id: int, version: int) -> None:
    """After commit, the expired turn at `version` played at once (a lost timer's stand-in)."""
    transaction.on_commit(lambda: tasks.turn_timeout.apply_async((table_id, version)))


def announce_versions(tables: Iterable[Table]) -> None:
    """Tell each table's viewers its latest version, at once: a socket that never got it (a
    process killed between its commit and its broadcast) heals with a snapshot."""
    messages: list[tuple[str, Payload]] = []
    for table in tables:
        latest = {"type": LATEST, "version": table.version}
        messages += [(group, latest) for group, _ in _viewers(table)]
    if messages:
        broadcast(messages)


def _viewers(table: Table) -> list[tuple[str, int | None]]:
    """The groups told of the table's events, each with its seat (None: spectators').

    Onlookers of a duplicate round get deals once released (_release_deals), never live.
    """
    watchers = [] if table.watch_group else [(public_group(table.pk), None)]
    return watchers + [(seat_group(table.pk, n), n) for n in range(4)]


def _messages(table: Table, moment: Moment, committed_at: float) -> list[tuple[str, Payload]]:
    """One event for each viewer: each seat its own view, spectators the public one.

    Each view is made only if its group has a socket in it (a bot's seat has none).
    """
    public = _public_event(moment.event)

    def message(viewer: int | None) -> Callable[[], dict[str, Any]]:
        return lambda: {
            "type": "event",
            "version": moment.event.version,
            "event": public,
            "view": hand_view(moment.hand, viewer),
            "table": moment.table,
            "at": committed_at,
        }

    return [(group, message(viewer)) for group, viewer in _viewers(table)]


def _public_event(event: TableEvent) -> dict[str, Any]:
    """What anyone may learn from an event: never the deal's deck."""
    data: dict[str, Any] = {"kind": event.kind, "hand": event.hand, "seat": event.seat}
    if event.kind == TableEvent.Kind.DEAL:
        data["dealer"] = event.payload["hand"]["dealer"]
        # The deal's commitment, public before a card is played (games.deal_seeds).
        data["deal"] = event.payload.get("deal")
    else:
        data.update({k: v for k, v in event.payload.items() if k != "seat"})
        data["actor"] = event.actor
    return data


def _release_deals(table: Table, ended: int) -> None:
    """After a hand ends in a watch group: if every table has now finished it, show it.

    Run after the commit, reading committed rows, so of two tables finishing the hand at once
    at least the later one sees both (both may: a second snapshot is harmless).
    """
    released = released_hands(table=table)
    if released is not None and released < ended:
        return
    tables = group_table_ids(group=table.watch_group)
    broadcast([(public_group(pk), table_snapshot(table_id=pk, user=None)) for pk in tables])


def _next_task(change: TableChange) -> Callable[[], object] | None:
    """The bot move or the turn timer the new state calls for (None when nobody is due)."""
    hand = change.hand
    table = change.table
    if table.status != Table.Status.PLAYING or table.is_paused:
        return None
    if hand is None or hand.to_act is None:
        return None
    seat = change.seats[hand.to_act]
    args = (table.pk, table.version)
    if moves_without_person(seat, hand):
        delay = bot_delay(change)
        return lambda: tasks.bot_act.apply_async(args, countdown=delay)
    countdown = turn_time(table, change.engine)
    return lambda: tasks.turn_timeout.apply_async(args, countdown=countdown)


def bot_delay(change: TableChange) -> float:
    """Seconds a bot waits before its move: a pause people can follow, none among bots."""
    people = any(s.user is not None and not s.user.is_bot for s in change.seats)
    return change.table.bot_delay_ms / 1000 if people else 0
