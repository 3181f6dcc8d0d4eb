"""A bot decides before it locks the table: its thinking holds up no other move."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

import pytest
from django.db import connection

from games import bots, tasks
from games.models import DealSeed, Seat, TableEvent
from games.services import (
    table_act,
    table_bot_act,
    table_pause,
    table_resume,
    table_turn_timeout,
)
from tests.games.factories import bot_table, people_table, seat_to_act
from tests.helpers import Redis

pytestmark = pytest.mark.django_db(transaction=True)

# Seconds a move that takes milliseconds may take here; below SQLite's 20 s lock wait, so a
# move stuck behind the bot fails the test instead of the database.
DEADLINE = 10.0


class Call(threading.Thread):
    """A service called on its own thread (and database connection); its result kept."""

    def __init__(self, service: Callable[..., Any], **kwargs: Any) -> None:
        super().__init__(daemon=True)
        self.service, self.kwargs = service, kwargs
        self.result: Any = None
        self.error: BaseException | None = None
        self.start()

    def run(self) -> None:
        try:
            self.result = self.service(**self.kwargs)
        except BaseException as error:  # reported by the test's assertions
            self.error = error
        finally:
            connection.close()

    def outcome(self) -> Any:
        """The result once the call has returned within the deadline."""
        self.join(DEADLINE)
        assert not self.is_alive(), f"{self.service.__name__} is still waiting"
        assert self.error is None, self.error
        return self.result


@dataclass
class SlowBots:
    """Every bot thinks until the test lets it answer."""

    thinking: threading.Event = field(default_factory=threading.Event)
    answer: threading.Event = field(default_factory=threading.Event)
    calls: list[Call] = field(default_factory=list)

    def call(self, service: Callable[..., Any], **kwargs: Any) -> Call:
        """Call a service on a thread of its own, which the test waits for at its end."""
        self.calls.append(Call(service, **kwargs))
        return self.calls[-1]

    def get_bot(self, level: str) -> Any:
        """A bot of `level` that signals it is thinking and waits for `answer`."""
        inner = bots.get_bot(level)
        slow = self

        class SlowBot:
            def act(self, *args: Any, **kwargs: Any) -> Any:
                slow.thinking.set()
                slow.answer.wait(3 * DEADLINE)
                return inner.act(*args, **kwargs)

        return SlowBot()


@pytest.fixture
def slow_bots(redis_server: Redis) -> Iterator[SlowBots]:
    """Slow bots; the next moves and timers are not queued (no worker runs here)."""
    slow = SlowBots()
    with (
        mock.patch("games.services.get_bot", slow.get_bot),
        mock.patch.object(tasks.bot_act, "apply_async"),
        mock.patch.object(tasks.turn_timeout, "apply_async"),
    ):
        yield slow
        slow.answer.set()
        for call in slow.calls:
            call.join(3 * DEADLINE)


def test_a_thinking_bot_holds_up_neither_another_table_nor_a_pause_at_its_own(
    slow_bots: SlowBots,
) -> None:
    thinking_at = bot_table("bela")
    other, _ = people_table("bela")
    person = seat_to_act(other)
    bot = slow_bots.call(table_bot_act, table_id=thinking_at.pk, version=thinking_at.version)
    try:
        assert slow_bots.thinking.wait(DEADLINE)
        move = slow_bots.call(
            table_act,
            table_id=other.pk,
            user=person.user,
            action={"bid": "pass"},
            version=other.version,
        )
        assert move.outcome() == other.version + 1
        assert slow_bots.call(table_pause, table_id=thinking_at.pk).outcome() is True
    finally:
        slow_bots.answer.set()
    # The table moved on (paused) while the bot thought: its move is dropped.
    assert bot.outcome() is False
    assert not TableEvent.objects.filter(table=thinking_at, actor="bot").exists()


def test_a_persons_own_move_overtakes_the_bot_playing_their_timed_out_turn(
    slow_bots: SlowBots,
) -> None:
    table, _ = people_table("bela")
    person = seat_to_act(table)
    version = table.version
    timeout = slow_bots.call(table_turn_timeout, table_id=table.pk, version=version)
    try:
        assert slow_bots.thinking.wait(DEADLINE)
        move = slow_bots.call(
            table_act, table_id=table.pk, user=person.user, action={"bid": "pass"}, version=version
        )
        assert move.outcome() == version + 1
    finally:
        slow_bots.answer.set()
    assert timeout.outcome() is False
    last = TableEvent.objects.filter(table=table).latest("version")
    assert (last.version, last.seat, last.actor) == (version + 1, person.number, "person")
    seat = Seat.objects.get(pk=person.pk)
    assert (seat.timeouts_in_row, seat.bot_holding) == (0, False)


def test_a_bots_run_dropped_for_a_pause_leaves_no_deal_behind(
    slow_bots: SlowBots, settings: Any
) -> None:
    """The bots' run, decided outside the lock, plays the hand to its end and deals the next;
    the table was paused meanwhile, so all of it is dropped. The next deal's seed was written
    before the lock and stayed: the run that played the hand again could not store its own,
    and the table stood still for good."""
    settings.LIVE_TABLE_BOT_RUN_SECONDS = 3 * DEADLINE  # the whole hand in one run
    table = bot_table("bela")
    stale = slow_bots.call(table_bot_act, table_id=table.pk, version=table.version)
    try:
        assert slow_bots.thinking.wait(DEADLINE)
        assert slow_bots.call(table_pause, table_id=table.pk).outcome() is True
    finally:
        slow_bots.answer.set()
    assert stale.outcome() is False
    assert list(DealSeed.objects.filter(table=table).values_list("hand", flat=True)) == [1]

    assert table_resume(table_id=table.pk) is True
    table.refresh_from_db()
    assert table_bot_act(table_id=table.pk, version=table.version) is True  # hands on
    deals = TableEvent.objects.filter(table=table, kind="deal").order_by("version")
    told = {deal.hand: deal.payload["deal"]["commitment"] for deal in deals}
    stored = dict(DealSeed.objects.filter(table=table).values_list("hand", "commitment"))
    assert len(told) > 1 and stored == told
