"""At a table of bots only, one task plays the bots' moves in a row; where people sit, one each.

The moves of a run up to a hand's end are one transaction and one broadcast, each move still
its own event and version; the task ends at its time budget, at a person's turn or where
people need the bots paced, and then the next move or timer is queued as after any single move.
"""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import override_settings

from accounts.models import User
from games import tasks
from games.models import Table, TableEvent
from games.services import table_act, table_bot_act, table_create
from tests.games.factories import bot_table, person, seat_to_act

pytestmark = pytest.mark.django_db


def a_bots_turn_beside(player: User, *, bot_delay_ms: int) -> Table:
    """A person with three bots (30 s turns), who passes until a bot is to act."""
    table = table_create(
        creator=player, variant="belote", bot_seats=(1, 2, 3), bot_delay_ms=bot_delay_ms,
        turn_seconds=30,
    )  # fmt: skip
    while seat_to_act(table).user == player:
        table_act(table_id=table.pk, user=player, action={"bid": "pass"}, version=table.version)
        table.refresh_from_db()
    return table


def test_a_table_of_bots_commits_each_hand_once_with_every_move_logged_and_sent(
    django_capture_on_commit_callbacks,
) -> None:
    table = bot_table("belote")
    with (
        mock.patch("games.outbox.broadcast") as broadcast,
        mock.patch.object(tasks.bot_act, "apply_async") as queued,
        override_settings(LIVE_TABLE_BOT_RUN_SECONDS=60),
        django_capture_on_commit_callbacks(execute=True) as committed,
    ):
        assert table_bot_act(table_id=table.pk, version=table.version)
    table.refresh_from_db()
    events = list(TableEvent.objects.filter(table=table).order_by("version"))
    hands = sum(event.kind == TableEvent.Kind.HAND_END for event in events)
    # The whole match, one commit (and one broadcast) per hand, and no task queued meanwhile.
    assert table.status == Table.Status.FINISHED
    assert len(committed) == broadcast.call_count == hands > 1
    assert [event.version for event in events] == list(range(1, table.version + 1))
    sent = [message for call in broadcast.call_args_list for message in call.args[0]]
    versions = sorted({payload()["version"] for _, payload in sent})
    # Every event after the first deal reached the broadcast, each to the spectators and seats.
    assert versions == [event.version for event in events[1:]]
    assert len(sent) == 5 * len(versions)
    queued.assert_not_called()


def test_a_run_stops_at_its_budget_and_queues_the_next_move(
    django_capture_on_commit_callbacks,
) -> None:
    table = bot_table("belote")
    with (
        mock.patch("games.outbox.broadcast"),
        mock.patch.object(tasks.bot_act, "apply_async") as queued,
        override_settings(LIVE_TABLE_BOT_RUN_SECONDS=0),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert table_bot_act(table_id=table.pk, version=table.version)
    table.refresh_from_db()
    assert TableEvent.objects.filter(table=table, actor="bot").count() == 1
    queued.assert_called_once_with((table.pk, table.version), countdown=0)


def test_a_run_stops_at_a_persons_turn_and_starts_their_clock(
    django_capture_on_commit_callbacks,
) -> None:
    player = person()
    table = a_bots_turn_beside(player, bot_delay_ms=0)
    with (
        mock.patch("games.outbox.broadcast"),
        mock.patch.object(tasks.bot_act, "apply_async") as bot_queued,
        mock.patch.object(tasks.turn_timeout, "apply_async") as clock,
        override_settings(LIVE_TABLE_BOT_RUN_SECONDS=60),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert table_bot_act(table_id=table.pk, version=table.version)
    table.refresh_from_db()
    assert seat_to_act(table).user == player
    bot_queued.assert_not_called()
    clock.assert_called_once_with((table.pk, table.version), countdown=30)


def test_bots_beside_a_person_move_one_per_task_at_their_pace(
    django_capture_on_commit_callbacks,
) -> None:
    table = a_bots_turn_beside(person(), bot_delay_ms=700)
    version = table.version
    with (
        mock.patch("games.outbox.broadcast"),
        mock.patch.object(tasks.bot_act, "apply_async") as bot_queued,
        mock.patch.object(tasks.turn_timeout, "apply_async") as clock,
        override_settings(LIVE_TABLE_BOT_RUN_SECONDS=60),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert table_bot_act(table_id=table.pk, version=version)
    table.refresh_from_db()
    assert table.version == version + 1
    queued = bot_queued.call_args or clock.call_args
    assert queued is not None and queued.args[0] == (table.pk, version + 1)
