"""Property: random organizer actions, entry counts and settings, in every format, never give
a 5xx and always leave a consistent event."""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import Q
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Seat
from tests.tournaments.factories import bot_player, play_deals, tournament
from tournaments import services
from tournaments.models import Round, RoundTable, Standing, Tournament
from tournaments.policies import Withdrawal, policy_for
from tournaments.rounds import round_finalize, round_start

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

BUTTONS = ["open-registration", "open-check-in", "start", "pause", "resume", "cancel"]
# "play" stands for the worker: weighted so that events get to run and finish.
ACTIONS = [*BUTTONS, "enter", "check-in", "withdraw", "edit", *["play"] * 6]
# How far the organizer walks the event before the random actions: nowhere, or to the start.
WALKS = {"none": [], "check-in": ["open-check-in"], "start": ["open-check-in", "start"],
         "straight": ["start"]}  # fmt: skip

event_settings = st.fixed_dictionaries(
    {
        "format": st.sampled_from(Tournament.Format.values),
        "entry_type": st.sampled_from(Tournament.EntryType.values),
        "third_place": st.booleans(),
        "bots_allowed": st.booleans(),
        "match_deals": st.integers(1, 2),
        "swiss_rounds": st.none() | st.integers(1, 3),
    }
)


def _create(values: dict[str, Any]) -> Tournament | None:
    """The event, or None where the settings are refused (that is a fine outcome too)."""
    client = Client()
    organizer = tournament().organizer
    client.force_login(organizer)
    before = Tournament.objects.count()
    response = client.post(
        "/tournaments/new/",
        {"name": "Prop Cup", "variant": "bela", "round_minutes": 30, "bot_level": "easy",
         **{k: v for k, v in values.items() if v not in (None, False)}},
    )  # fmt: skip
    assert response.status_code < 500
    if Tournament.objects.count() == before:
        assert response.status_code == 200, "a refusal re-shows the form with the reason"
        return None
    return Tournament.objects.latest("pk")


def _act(client: Client, event: Tournament, action: str, pick: int) -> None:
    event.refresh_from_db()
    if action in BUTTONS:
        response = client.post(f"/tournaments/{event.pk}/{action}/")
    elif action == "enter":
        size = 1 if event.entry_type == Tournament.EntryType.INDIVIDUALS else 2
        team = [bot_player().username for _ in range(size)]
        response = client.post(
            f"/api/tournaments/{event.pk}/entries/",
            {"players": team},
            content_type="application/json",
        )
    elif action in ("check-in", "withdraw"):
        entries = list(event.entries.order_by("pk"))
        if not entries:
            return
        entry = entries[pick % len(entries)]
        response = client.post(f"/tournaments/{event.pk}/entries/{entry.pk}/{action}/")
    elif action == "edit":
        response = client.patch(
            f"/api/tournaments/{event.pk}/",
            {"match_deals": 1 + pick % 2},
            content_type="application/json",
        )
    else:
        _play(event)
        return
    assert response.status_code < 500, (action, response.content[:300])


def _play(event: Tournament) -> None:
    """What the worker would do next: start a pending round, or play out and finalize one."""
    round_ = Round.objects.filter(tournament=event).exclude(status="finished").first()
    if round_ is None:
        return
    if round_.status == Round.Status.PENDING:
        round_start(round_id=round_.pk)
        return
    event.refresh_from_db()
    if event.is_paused:
        return
    for table in RoundTable.objects.filter(round=round_, table__isnull=False, finished=False):
        play_deals(table.table, event.match_deals or 1)
    round_finalize(round_id=round_.pk)


def _assert_consistent(event: Tournament) -> None:
    event.refresh_from_db()
    rounds = list(Round.objects.filter(tournament=event).order_by("number"))
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    if event.status in ("draft", "registration", "check_in"):
        assert not rounds and event.started_at is None
    assert sum(r.status == Round.Status.RUNNING for r in rounds) <= 1
    assert not event.is_paused or event.status == Tournament.Status.RUNNING
    for round_ in rounds:
        tables = list(round_.tables.all())
        if round_.status == Round.Status.FINISHED:
            assert tables and all(t.finished for t in tables)
        if round_.status == Round.Status.PENDING:
            assert not tables
    if event.status == Tournament.Status.FINISHED:
        assert rounds and all(r.status == Round.Status.FINISHED for r in rounds)
        ranks = sorted(Standing.objects.filter(tournament=event).values_list("rank", flat=True))
        assert ranks and ranks[0] == 1
    way = policy_for(event).withdrawal(event)
    for entry in event.entries.filter(withdrawn_after_round__isnull=False):
        later = RoundTable.objects.filter(
            round__tournament=event, round__number__gt=entry.withdrawn_after_round
        )
        seated = later.filter(Q(home=entry) | Q(away=entry))
        if way == Withdrawal.DROPPED:
            assert not seated.exists()
        elif way == Withdrawal.WALKOVERS:
            # Never a live table: a walkover, or a knockout's bye drawn before it left.
            assert all(t.table_id is None for t in seated)
            for table in seated.exclude(away=None).select_related("home", "away"):
                other = table.away if table.home_id == entry.pk else table.home
                if other.withdrawn_after_round is None:  # both gone: the higher seed goes on
                    assert table.winner_id == other.pk
        else:
            players = Seat.objects.filter(table__tournament_table__in=later, user__is_bot=False)
            assert not players.filter(user__in=entry.players()).exists()
    for path in (f"/tournaments/{event.pk}/", f"/api/tournaments/{event.pk}/"):
        assert Client().get(path).status_code == 200, path
    organizer = Client()
    organizer.force_login(event.organizer)
    assert organizer.get(f"/tournaments/{event.pk}/").status_code == 200


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    values=event_settings,
    entries=st.integers(2, 8) | st.integers(0, 1),
    walk=st.sampled_from(sorted(WALKS)),
    actions=st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 7)), max_size=12),
)
def test_random_organizer_actions_never_break_an_event(
    values: dict[str, Any], entries: int, walk: str, actions: list[tuple[str, int]]
) -> None:
    event = _create(values)
    if event is None:
        return
    client = Client()
    client.force_login(event.organizer)
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    for _ in range(entries):
        _act(client, event, "enter", 0)
    for action, pick in [*((step, 0) for step in WALKS[walk]), *actions]:
        _act(client, event, action, pick)
        _assert_consistent(event)
