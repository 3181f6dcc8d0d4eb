"""A person's turn that runs out is played by a bot; after three in a row a bot holds the seat."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest

from games.models import Seat, Table, TableEvent
from games.services import (
    TIMEOUTS_BEFORE_HOLD,
    table_act,
    table_bot_act,
    table_create_in_lobby,
    table_leave,
    table_quit,
    table_seat_resume,
    table_take_seat,
    table_turn_timeout,
)
from tests.games.factories import people_table, person, seat_to_act

pytestmark = pytest.mark.django_db


def test_a_timeout_on_a_moved_on_table_does_nothing() -> None:
    table, users = people_table("bela")
    seat = seat_to_act(table)
    version = table.version
    table_act(table_id=table.pk, user=seat.user, action={"bid": "pass"}, version=version)
    assert not table_turn_timeout(table_id=table.pk, version=version)
    assert Seat.objects.get(pk=seat.pk).timeouts_in_row == 0


def test_a_bot_plays_a_timed_out_turn_and_holds_the_seat_after_three() -> None:
    table, _ = people_table("bela")
    seat = seat_to_act(table)
    for count in range(1, TIMEOUTS_BEFORE_HOLD + 1):
        # Everyone else passes (or plays) until it is this seat's turn again.
        while (current := seat_to_act(table)).pk != seat.pk:
            assert table_turn_timeout(table_id=table.pk, version=table.version)
            Seat.objects.filter(pk=current.pk).update(timeouts_in_row=0, bot_holding=False)
        assert table_turn_timeout(table_id=table.pk, version=table.version)
        seat.refresh_from_db()
        assert seat.timeouts_in_row == count
        assert seat.bot_holding == (count == TIMEOUTS_BEFORE_HOLD)
        last = TableEvent.objects.filter(table=table, seat=seat.number).latest("version")
        assert last.actor == "timeout"
        # The hold is said in the log, as standing up says it, just before the move.
        said = TableEvent.objects.filter(table=table, kind="seat", seat=seat.number)
        holds = [(e.version, e.payload) for e in said if "held" in e.payload]
        held = count == TIMEOUTS_BEFORE_HOLD
        assert holds == ([(last.version - 1, {"held": True})] if held else [])
    # While held, the seat's turns go to the bot task, not the timer.
    while (current := seat_to_act(table)).pk != seat.pk:
        assert table_turn_timeout(table_id=table.pk, version=table.version)
        Seat.objects.filter(pk=current.pk).update(timeouts_in_row=0, bot_holding=False)
    assert not table_turn_timeout(table_id=table.pk, version=table.version)
    assert table_bot_act(table_id=table.pk, version=table.version)


def test_the_person_coming_back_takes_the_seat_from_the_bot() -> None:
    table, users = people_table("bela")
    table_leave(table_id=table.pk, user=users[2])
    seat = Seat.objects.get(table=table, number=2)
    assert seat.bot_holding
    assert table_seat_resume(table_id=table.pk, user=users[2])
    seat.refresh_from_db()
    assert not seat.bot_holding and seat.timeouts_in_row == 0
    assert not table_seat_resume(table_id=table.pk, user=users[2])
    seat_events = TableEvent.objects.filter(table=table, kind="seat").order_by("version")
    assert [e.payload for e in seat_events][-2:] == [{"held": True}, {"held": False}]


def test_a_bot_task_for_a_persons_turn_does_nothing() -> None:
    table, _ = people_table("bela")
    assert not table_bot_act(table_id=table.pk, version=table.version)


def test_leaving_mid_match_tells_everyone_with_the_views_intact(
    django_capture_on_commit_callbacks: Any,
) -> None:
    table, users = people_table("bela")
    with (
        mock.patch("games.outbox.broadcast") as sent,
        mock.patch("games.outbox._next_task", return_value=None),
        django_capture_on_commit_callbacks(execute=True),
    ):
        table_leave(table_id=table.pk, user=users[2])
    # Each view is made when sent (a function of the outbox's), as the layer would ask.
    messages = [make() for call in sent.call_args_list for _, make in call.args[0]]
    assert messages and all(m["view"] is not None for m in messages)
    assert all(m["table"]["seats"][2]["held_by_bot"] for m in messages)


def test_a_game_against_the_computer_waits_for_its_person_and_plays_on_when_they_are_back(
    django_capture_on_commit_callbacks: Any,
) -> None:
    player = person()
    table = table_create_in_lobby(opponents="computer", user=player, variant="belote")
    for _ in range(TIMEOUTS_BEFORE_HOLD):  # the phone locked: three turns run out
        while seat_to_act(table).number != 0:
            assert table_bot_act(table_id=table.pk, version=table.version)
            table.refresh_from_db()
        assert table_turn_timeout(table_id=table.pk, version=table.version)
        table.refresh_from_db()
    assert Seat.objects.get(table=table, number=0).bot_holding
    assert table.is_paused, "nobody plays for the person while they are away"
    assert TableEvent.objects.filter(table=table).latest("version").kind == "pause"
    assert not table_bot_act(table_id=table.pk, version=table.version)
    assert not table_turn_timeout(table_id=table.pk, version=table.version)
    with (
        mock.patch("games.outbox.broadcast"),
        mock.patch("games.tasks.bot_act.apply_async") as bot_move,
        mock.patch("games.tasks.turn_timeout.apply_async") as timer,
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert table_seat_resume(table_id=table.pk, user=player)  # their socket is back
    table.refresh_from_db()
    assert not table.is_paused and not Seat.objects.get(table=table, number=0).bot_holding
    assert TableEvent.objects.filter(table=table).latest("version").kind == "resume"
    assert bot_move.called or timer.called, "the turn to play gets its move or timer again"


def test_a_table_of_people_from_the_lobby_waits_once_they_are_all_gone() -> None:
    # Four friends closed their tabs: the computer played their match out for nobody.
    users = [person() for _ in range(4)]
    table = table_create_in_lobby(user=users[0], opponents="open", variant="bela")
    for user in users[1:]:
        table_take_seat(table_id=table.pk, user=user)
    for user in users[:3]:
        table_leave(table_id=table.pk, user=user)
    table.refresh_from_db()
    assert not table.is_paused, "one person is still there: the others' seats play on"
    table_leave(table_id=table.pk, user=users[3])
    table.refresh_from_db()
    assert table.is_paused and not table_bot_act(table_id=table.pk, version=table.version)
    assert table_seat_resume(table_id=table.pk, user=users[2])
    table.refresh_from_db()
    assert not table.is_paused
    back = seat_to_act(table).number == 2  # their turn: nothing for a bot to play
    assert back or table_bot_act(table_id=table.pk, version=table.version)


def test_leaving_a_game_that_waits_for_you_ends_it_unpaused() -> None:
    player = person()
    table = table_create_in_lobby(opponents="computer", user=player, variant="bela")
    table_leave(table_id=table.pk, user=player)  # gone: the game waits
    table.refresh_from_db()
    assert table.is_paused
    table_quit(table_id=table.pk, user=player)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and not table.is_paused
