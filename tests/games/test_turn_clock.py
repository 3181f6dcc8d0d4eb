"""Viewers are told how long the person to act has left; bots and paused tables have no clock."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.utils import timezone

from games import rules
from games.models import Match, Seat, Table
from games.services import (
    table_act,
    table_bot_act,
    table_pause,
    table_turn_timeout,
    tables_sweep_stalled,
)
from tests.games.factories import people_table, turn_clock
from tests.games.test_turn_timer import seat_to_act

pytestmark = pytest.mark.django_db


def engine(table: Table) -> rules.Match:
    return rules.Match.from_json(Match.objects.get(table=table).engine)


def one_turn_runs_out(table: Table) -> None:
    """A bot plays the turn for the person to act (or their last card plays itself); nobody's
    seat is held after it."""
    table.refresh_from_db()
    version = table.version
    assert table_turn_timeout(table_id=table.pk, version=version) or table_bot_act(
        table_id=table.pk, version=version
    )
    Seat.objects.filter(table=table).update(timeouts_in_row=0, bot_holding=False)
    table.refresh_from_db()


def run_out_turns_until(table: Table, done: Callable[[rules.Match], bool]) -> None:
    while not done(engine(table)):
        one_turn_runs_out(table)


def second_hand_dealt(match: rules.Match) -> bool:
    return len(match.history) == 1


def test_the_person_to_act_has_the_tables_turn_time() -> None:
    table, _ = people_table("bela")
    left = turn_clock(table)
    assert left is not None and table.turn_seconds - 2 <= left <= table.turn_seconds


def test_the_clock_counts_down_from_the_last_move() -> None:
    table, _ = people_table("bela")
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now() - timedelta(seconds=20))
    left = turn_clock(table)
    assert left is not None and table.turn_seconds - 22 <= left <= table.turn_seconds - 20
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now() - timedelta(hours=1))
    assert turn_clock(table) == 0


def test_a_move_restarts_the_clock_in_the_message_every_viewer_gets() -> None:
    table, _ = people_table("bela")
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now() - timedelta(seconds=20))
    seat = seat_to_act(table)
    table_act(table_id=table.pk, user=seat.user, action={"bid": "pass"}, version=table.version)
    left = turn_clock(table)
    assert left is not None and left >= table.turn_seconds - 2


def test_no_clock_while_a_bot_decides_or_play_is_paused() -> None:
    table, _ = people_table("bela")
    Seat.objects.filter(pk=seat_to_act(table).pk).update(bot_holding=True)
    assert turn_clock(table) is None
    Seat.objects.filter(table=table).update(bot_holding=False)
    assert turn_clock(table) is not None
    table_pause(table_id=table.pk)
    assert turn_clock(table) is None


@pytest.mark.parametrize("variant", ["bela", "coinche"])
def test_each_seats_first_turn_of_a_later_hand_has_time_to_read_the_last_hands_summary(
    variant: str, settings: Any
) -> None:
    settings.LIVE_TABLE_READING_SECONDS = 15
    table, _ = people_table(variant)
    run_out_turns_until(table, second_hand_dealt)
    seen_first, seen_again = 0, 0
    while seen_first < 4 or seen_again < 4:  # a hand thrown in deals four first turns again
        match = engine(table)
        assert match.hand is not None and len(match.history) < 4
        first = all(seat != match.hand.to_act for seat, _ in match.hand.log)
        left = turn_clock(table)
        assert left is not None
        if first:
            seen_first += 1
            assert table.turn_seconds + 13 <= left <= table.turn_seconds + 15
        else:
            seen_again += 1
            assert table.turn_seconds - 2 <= left <= table.turn_seconds
        one_turn_runs_out(table)


def test_the_timer_queued_as_a_hand_ends_gives_the_next_person_the_reading_time_too(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.LIVE_TABLE_READING_SECONDS = 15
    table, _ = people_table("bela")
    with (
        mock.patch("games.outbox.broadcast"),
        mock.patch("games.tasks.turn_timeout.apply_async") as queued,
        mock.patch("games.tasks.bot_act.apply_async"),  # the last cards', which play themselves
        django_capture_on_commit_callbacks(execute=True),
    ):
        run_out_turns_until(table, second_hand_dealt)
    assert queued.call_args.kwargs["countdown"] == table.turn_seconds + 15


def test_the_sweep_waits_out_the_reading_time_before_queueing_a_first_turns_timer_again(
    settings: Any,
) -> None:
    settings.LIVE_TABLE_READING_SECONDS = 15
    table, _ = people_table("bela")
    run_out_turns_until(table, second_hand_dealt)
    idle = table.turn_seconds + 10 + 5  # past the turn and the grace, not past the reading time
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now() - timedelta(seconds=idle))
    assert tables_sweep_stalled(grace_seconds=10) == 0
    idle += 15
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now() - timedelta(seconds=idle))
    assert tables_sweep_stalled(grace_seconds=10) == 1
