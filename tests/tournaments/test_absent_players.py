"""Absent players: a bot holds the seat of a player who has not come to their table once the
event's grace has passed (not three turn clocks), and they take it back on arrival."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from games.models import Seat, Table
from games.presence import has_arrived, seat_arrived
from games.services import table_bot_act, table_leave, table_seat_resume
from tests.helpers import Redis
from tests.tournaments.factories import ready_to_start
from tournaments import services, tasks
from tournaments.models import Entry, Round, RoundTable
from tournaments.rounds import round_absentees_replace, round_start

pytestmark = pytest.mark.django_db

Capture = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]


def opened_round(grace: int = 60) -> tuple[Round, list[Any]]:
    event, people = ready_to_start(bot_entries=1, people_entries=1, absent_grace_seconds=grace)
    entry = Entry.objects.get(tournament=event, player_one=people[0])
    services.entry_check_in(entry_id=entry.pk, user=people[0])
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = Round.objects.get(tournament=event, number=1)
    round_start(round_id=round_.pk)
    return round_, people


def seat_of(round_: Round, user: Any) -> Seat:
    return Seat.objects.get(table=RoundTable.objects.get(round=round_).table, user=user)


def test_a_player_who_has_not_come_is_held_by_a_bot_and_takes_the_seat_back_on_arrival(
    redis_server: Redis,
) -> None:
    round_, people = opened_round()
    absent, present = people
    seat_arrived(table_id=seat_of(round_, present).table_id, user_id=present.pk)
    assert round_absentees_replace(round_id=round_.pk) == 1
    assert seat_of(round_, absent).bot_holding and not seat_of(round_, present).bot_holding
    assert round_absentees_replace(round_id=round_.pk) == 0, "once held, nothing more to do"
    table_id = seat_of(round_, absent).table_id
    # Arriving: the table's socket marks the arrival and resumes the seat.
    seat_arrived(table_id=table_id, user_id=absent.pk)
    assert table_seat_resume(table_id=table_id, user=absent)
    assert has_arrived(table_id=table_id, user_id=absent.pk)
    assert not seat_of(round_, absent).bot_holding


def test_the_round_queues_one_look_after_the_events_grace(
    redis_server: Redis,
    django_capture_on_commit_callbacks: Capture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    looks: list[tuple[Any, Any]] = []
    monkeypatch.setattr(
        tasks.absentees_replace,
        "apply_async",
        lambda args, countdown: looks.append((args, countdown)),
    )
    monkeypatch.setattr(tasks.round_deadline, "apply_async", lambda args, eta: None)
    monkeypatch.setattr(tasks.start_round, "delay", lambda round_id: None)
    with django_capture_on_commit_callbacks(execute=True):
        round_, _ = opened_round(grace=45)
    assert looks == [((round_.pk,), 45)]


def test_the_grace_is_an_event_setting_of_10_to_600_seconds() -> None:
    event, _ = ready_to_start(bot_entries=2)
    assert event.absent_grace_seconds == 60
    with pytest.raises(services.ServiceError, match="10 to 600 seconds"):
        services.tournament_edit(
            tournament_id=event.pk, user=event.organizer, changes={"absent_grace_seconds": 5}
        )


def test_a_tournaments_table_plays_on_when_all_its_people_are_gone() -> None:
    # A round has a deadline: the table does not wait for them as a lobby's does.
    round_, people = opened_round()
    table_id = seat_of(round_, people[0]).table_id
    for user in people:
        table_leave(table_id=table_id, user=user)
    table = Table.objects.get(pk=table_id)
    assert not table.waits_for_people and not table.is_paused
    assert table_bot_act(table_id=table_id, version=table.version)
