"""A tournament's live tables: seat entries (bots for the absent), read or decide results.

Tables are games' own; this module only calls games' services to open them, and to end a match
that the round's deadline cuts short (a table ends every other match itself).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.usernames import FILLER_PREFIX, STAND_IN_PREFIX, site_account_name
from games.choices import BotLevel
from games.models import Match, Table, TableEvent
from games.services import table_create, table_end, table_take_seat
from tournaments.models import Entry, Tournament


@dataclass(frozen=True)
class Outcome:
    """A table's result for the tournament: game points per team, the winning team, why."""

    points: tuple[int, int]
    winner: int | None
    note: str = ""


def stand_in(*, level: str, seat: int) -> User:
    """The computer player that sits a seat for someone absent; one account per seat and level.

    One per seat, so no account ever holds two seats of a rated match.
    """
    return _computer_player(f"{STAND_IN_PREFIX}{level}-{seat}", BotLevel(level))


def table_filler(*, level: str, number: int) -> User:
    """The computer player that fills seat `number` (1-3) of an individuals event's last table.

    One account per number, so fillers at one table are different accounts, each with the
    name the entry list, the tables and the results all show.
    """
    return _computer_player(f"{FILLER_PREFIX}{level}-{number}", BotLevel(level))


def _computer_player(username: str, level: BotLevel) -> User:
    """The account, its stored name (each page shows its own in the viewer's language)."""
    display_name = site_account_name(username, str(level.label)) or username
    return User.computer_player(username=username, display_name=display_name, level=level)


def is_stand_in(user: User) -> bool:
    """Whether an account is a stand-in bot (replaced players point at one)."""
    return user.is_bot and user.username.startswith(STAND_IN_PREFIX)


Team = list[tuple[Entry, int]]
"""A team's two places: (entry, which of the entry's players), for seats 0 and 2 or 1 and 3."""


def seat_users(tournament: Tournament, teams: tuple[Team, Team]) -> list[User]:
    """Who sits seats 0-3: the first team in 0 and 2, the other in 1 and 3; bots for the absent."""
    seats: list[User] = []
    for seat in range(4):
        entry, which = teams[seat % 2][seat // 2]
        players = entry.players()
        player = players[which] if which < len(players) else None
        gone = entry.no_show or entry.withdrawn_after_round is not None
        if gone or player is None or is_stand_in(player):
            player = stand_in(level=tournament.bot_level, seat=seat)
        seats.append(player)
    return seats


def table_open(
    *,
    tournament: Tournament,
    teams: tuple[Team, Team],
    max_hands: int | None = None,
    deals: Sequence[Mapping[str, Any]] = (),
    watch_group: str = "",
    deal_secret: str = "",
) -> Table:
    """Create a table for two teams and seat them; the fourth seat taken deals.

    A duplicate round gives every table the same deals and one watch group; `deal_secret`
    draws the rest of the match (tournaments.formats.table_secret).
    """
    with transaction.atomic():
        table = table_create(
            creator=None,
            variant=tournament.variant,
            house_rules=tournament.house_rules,
            bot_level=tournament.bot_level,
            rated=tournament.rated,
            max_hands=max_hands,
            deals=deals,
            watch_group=watch_group,
            deal_secret=deal_secret,
        )
        for seat, user in enumerate(seat_users(tournament, teams)):
            table_take_seat(table_id=table.pk, user=user, seat=seat)
    table.refresh_from_db()
    return table


def _winner(points: tuple[int, int]) -> int | None:
    """The team with more points; None when level."""
    if points[0] == points[1]:
        return None
    return 0 if points[0] > points[1] else 1


def table_outcome(*, table: Table, deadline_passed: bool) -> Outcome | None:
    """The table's result if it has one now: as its match ended, or at the round's deadline.

    The table ends its own match (at the target, or after exactly the event's deals), so a
    result never depends on when this is asked; only the deadline decides by the score then.
    """
    if table.status == Table.Status.FINISHED:
        end = TableEvent.objects.filter(table=table, kind=TableEvent.Kind.MATCH_END).last()
        if end is None:
            return None
        score = end.payload["score"]
        note = str(end.payload.get("decided", ""))
        return Outcome((int(score[0]), int(score[1])), end.payload["winner"], note)
    if not deadline_passed:
        return None
    match = Match.objects.filter(table=table).first()
    if match is None:
        return None
    score = (int(match.score[0]), int(match.score[1]))
    return _decide(table, score, _("Time ran out: decided by the score at the deadline."))


def _decide(table: Table, points: tuple[int, int], note: str) -> Outcome | None:
    """End a match the tournament decides; None when the engine ended it first (that stands)."""
    if not table_end(table_id=table.pk, reason=note, score=points, actor="tournament"):
        return None
    return Outcome(points, _winner(points), note)
