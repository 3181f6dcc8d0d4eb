"""The round clock and the organizer's hand: deadlines, pause, replacement, no-shows."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import MatchPlayer, Seat, Table, TableEvent
from games.queries import table_snapshot
from games.services import table_bot_act, table_seat_resume
from tests.tournaments.factories import person, play_deals, ready_to_start
from tournaments import services
from tournaments.models import Entry, Round, RoundTable, Tournament
from tournaments.rounds import round_finalize, round_start, rounds_sweep

pytestmark = pytest.mark.django_db


def started(entries: int = 2, **settings: object) -> tuple[Tournament, Round]:
    event, _ = ready_to_start(bot_entries=entries, **settings)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = Round.objects.get(tournament=event, number=1)
    assert round_start(round_id=round_.pk)
    round_.refresh_from_db()
    return event, round_


def test_an_unfinished_table_is_decided_by_its_score_at_the_deadline_and_says_so() -> None:
    event, round_ = started(match_deals=None, swiss_rounds=1)
    table = round_.tables.get()
    play_deals(table.table, 1)
    assert not round_finalize(round_id=round_.pk), "before the deadline the table plays on"
    Round.objects.filter(pk=round_.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert round_finalize(round_id=round_.pk)
    table.refresh_from_db()
    live = Table.objects.get(pk=table.table_id)
    assert live.status == Table.Status.FINISHED
    assert table.adjudicated and table.note == "Time ran out: decided by the score at the deadline."
    assert [table.home_points, table.away_points] == live.match.score
    end = TableEvent.objects.filter(table=live, kind=TableEvent.Kind.MATCH_END).get()
    assert end.payload["decided"] == table.note and end.actor == "tournament"
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED


def test_a_paused_round_is_not_decided_at_its_deadline_and_resuming_moves_it() -> None:
    event, round_ = started(match_deals=None)
    services.tournament_pause(tournament_id=event.pk, user=event.organizer)
    Round.objects.filter(pk=round_.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert not round_finalize(round_id=round_.pk)
    before = Round.objects.get(pk=round_.pk).deadline
    services.tournament_resume(tournament_id=event.pk, user=event.organizer)
    assert Round.objects.get(pk=round_.pk).deadline > before


def test_a_table_decided_while_its_event_is_paused_is_finished_not_paused() -> None:
    # Its table's summary said "paused" to every viewer until the organizer resumed the event.
    event, round_ = started(entries=4, match_deals=None)
    services.tournament_pause(tournament_id=event.pk, user=event.organizer)
    decided, other = (t.table for t in round_.tables.order_by("pk"))
    services.entry_withdraw(entry_id=decided.tournament_table.home_id, user=event.organizer)
    decided.refresh_from_db()
    assert decided.status == Table.Status.FINISHED and not decided.is_paused
    assert table_snapshot(table_id=decided.pk, user=None)["table"]["paused"] is False
    assert Table.objects.get(pk=other.pk).is_paused, "the rest of the round waits"
    services.tournament_resume(tournament_id=event.pk, user=event.organizer)
    assert not Table.objects.get(pk=other.pk).is_paused


def test_a_paused_event_does_not_start_its_next_round_until_resumed() -> None:
    event, round_ = started(entries=4, swiss_rounds=2)
    for table in round_.tables.all():
        play_deals(table.table, 1)
    services.tournament_pause(tournament_id=event.pk, user=event.organizer)
    assert round_finalize(round_id=round_.pk), "deals played before the pause still count"
    second = Round.objects.get(tournament=event, number=2)
    assert not round_start(round_id=second.pk) and rounds_sweep() == 0
    services.tournament_resume(tournament_id=event.pk, user=event.organizer)
    assert not Table.objects.filter(tournament_table__round=round_, paused_at__isnull=False)
    assert round_start(round_id=second.pk)


def test_the_sweep_finishes_what_lost_messages_left() -> None:
    event, round_ = started(entries=4, swiss_rounds=2)
    for table in round_.tables.all():
        play_deals(table.table, 1)
    assert rounds_sweep() == 1, "it finalizes round 1"
    assert rounds_sweep() == 1, "it starts the pending round 2"
    assert Round.objects.get(tournament=event, number=2).status == Round.Status.RUNNING


def test_a_player_replaced_mid_round_loses_the_running_seat_for_good() -> None:
    event, people = ready_to_start(bot_entries=1, people_entries=1)
    entry = Entry.objects.get(tournament=event, player_one=people[0])
    services.entry_check_in(entry_id=entry.pk, user=people[0])
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = Round.objects.get(tournament=event, number=1)
    round_start(round_id=round_.pk)
    table = RoundTable.objects.get(round=round_).table
    number = Seat.objects.get(table=table, user=people[0]).number
    services.entry_replace_player(
        entry_id=entry.pk, user=event.organizer, player=people[0], replacement=None
    )
    entry.refresh_from_db()
    assert entry.player_one.is_bot and entry.player_two == people[1]
    seat = Seat.objects.get(table=table, number=number)
    assert seat.user == entry.player_one and not seat.bot_holding, "the stand-in plays at once"
    assert not table_seat_resume(table_id=table.pk, user=people[0]), "no way back to it"
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING, "nobody conceded"

    newcomer = person()
    number = Seat.objects.get(table=table, user=people[1]).number
    services.entry_replace_player(
        entry_id=entry.pk, user=event.organizer, player=people[1], replacement=newcomer
    )
    assert Entry.objects.get(pk=entry.pk).player_two == newcomer
    seat = Seat.objects.get(table=table, number=number)
    assert seat.user == newcomer and seat.bot_holding, "a bot holds it until they come"
    assert not table_seat_resume(table_id=table.pk, user=people[1])
    assert table_seat_resume(table_id=table.pk, user=newcomer), "their socket takes it over"


def test_no_shows_are_played_by_stand_in_bots() -> None:
    event, people = ready_to_start(bot_entries=1, people_entries=1)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = Round.objects.get(tournament=event, number=1)
    round_start(round_id=round_.pk)
    seated = MatchPlayer.objects.filter(match__table__tournament_table__round=round_)
    assert seated.count() == 4 and all(p.user.is_bot for p in seated.select_related("user"))
    assert len({p.user_id for p in seated}) == 4, "four accounts: the match can be rated"
    assert not seated.filter(user__in=people).exists()


def test_pausing_the_event_pauses_its_live_tables_and_resuming_plays_on() -> None:
    event, round_ = started(entries=4, match_deals=None)
    tables = [t.table for t in round_.tables.all()]
    services.tournament_pause(tournament_id=event.pk, user=event.organizer)
    for table in tables:
        table.refresh_from_db()
        assert table.is_paused
        assert not table_bot_act(table_id=table.pk, version=table.version)
    services.tournament_resume(tournament_id=event.pk, user=event.organizer)
    for table in tables:
        table.refresh_from_db()
        assert not table.is_paused
        assert table_bot_act(table_id=table.pk, version=table.version)


def test_a_cancelled_pause_leaves_no_table_stuck() -> None:
    event, round_ = started(entries=2, match_deals=None)
    services.tournament_pause(tournament_id=event.pk, user=event.organizer)
    services.tournament_cancel(tournament_id=event.pk, user=event.organizer)
    table = Table.objects.get(tournament_table__round=round_)
    assert not table.is_paused and table.status == Table.Status.PLAYING
    assert not Tournament.objects.get(pk=event.pk).is_paused
