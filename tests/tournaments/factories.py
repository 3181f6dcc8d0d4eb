"""Factories for tournament tests: bot players, people, and events ready to start."""

from __future__ import annotations

import itertools
from typing import Any

from django.test import override_settings

from accounts.models import User
from games.models import Table, TableEvent
from games.services import table_bot_act, table_turn_timeout
from tournaments import services
from tournaments.models import Tournament

_numbers = itertools.count(1)


def person(name: str | None = None) -> User:
    """A signed-up person with a throwaway password."""
    return User.objects.create_user(
        username=name or f"entrant{next(_numbers)}", password="irrelevant-pw-9"
    )


def bot_player(level: str = "easy") -> User:
    """A computer player of its own, so every seat of a rated match is a different account."""
    number = next(_numbers)
    return User.objects.create(
        username=f"tbot{number}", display_name=f"Bot {number}", is_bot=True, bot_level=level
    )


def tournament(organizer: User | None = None, **settings: Any) -> Tournament:
    """A draft event: bela, Swiss, one deal per match unless told otherwise."""
    values: dict[str, Any] = {
        "name": f"Cup {next(_numbers)}",
        "variant": "bela",
        "format": Tournament.Format.SWISS,
        "match_deals": 1,
        "bot_level": "easy",
    }
    values.update(settings)
    return services.tournament_create(organizer=organizer or person(), **values)


def ready_to_start(
    *, bot_entries: int, people_entries: int = 0, **settings: Any
) -> tuple[Tournament, list[User]]:
    """An event in check-in with bot entries (checked in) and people's (not checked in)."""
    event = tournament(**settings)
    organizer = event.organizer
    services.tournament_open_registration(tournament_id=event.pk, user=organizer)
    people: list[User] = []
    size = 1 if event.entry_type == Tournament.EntryType.INDIVIDUALS else 2
    for _ in range(bot_entries):
        team = [bot_player() for _ in range(size)]
        services.entry_register(tournament_id=event.pk, user=organizer, players=team)
    for _ in range(people_entries):
        team = [person() for _ in range(size)]
        people += team
        entry = services.entry_register(tournament_id=event.pk, user=team[0], players=team)
        if size == 2:
            services.entry_accept(entry_id=entry.pk, user=team[1])
    services.tournament_open_check_in(tournament_id=event.pk, user=organizer)
    event.refresh_from_db()
    return event, people


@override_settings(LIVE_TABLE_BOT_RUN_SECONDS=0)
def play_deals(table: Table, deals: int, *, limit: int = 2000) -> None:
    """Let the bots move, as their tasks would, until `deals` hands are over or the match is.

    One move a call (no run of moves), so it stops right after the `deals`-th hand.
    """
    for _ in range(limit):
        table.refresh_from_db()
        ended = TableEvent.objects.filter(table=table, kind=TableEvent.Kind.HAND_END).count()
        if table.status == Table.Status.FINISHED or ended >= deals:
            return
        if not table_bot_act(table_id=table.pk, version=table.version):
            table_turn_timeout(table_id=table.pk, version=table.version)
    raise AssertionError(f"{deals} deals were not played at {table}")
