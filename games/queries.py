"""Reads about live tables (named queries: ruff A005 forbids shadowing the stdlib selectors)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from games import presence, rules
from games.chat_lines import chat_history
from games.last_card import moves_without_person
from games.models import DealSeed, Match, MatchPlayer, Seat, Table, TableEvent
from games.signals import table_event
from games.watching import WITHHELD, released_hands


def table_list(*, status: Table.Status, limit: int = 50) -> QuerySet[Table]:
    """Tables in one status, newest first, with their seats' players (and a finished match's)."""
    return (
        Table.objects.filter(status=status)
        .prefetch_related("seats__user", "match__seated__user")
        .order_by("-created_at")[:limit]
    )


def table_list_waiting_for_players(*, limit: int = 50) -> QuerySet[Table]:
    """The lobby's open tables, newest first: those where a seated person is here now, waiting
    for more. One whose people stood up, or closed the tab, waits for nobody: a newcomer
    taking a seat there would sit alone."""
    seated = Seat.objects.filter(table__status=Table.Status.OPEN, user__is_bot=False)
    here = presence.tables_with_someone_here(seated.values_list("table_id", "user_id"))
    return (
        Table.objects.filter(status=Table.Status.OPEN, pk__in=here)
        .prefetch_related("seats__user")
        .order_by("-created_at")[:limit]
    )


def _playing_with_people() -> QuerySet[Table]:
    """Tables being played where a person plays their own cards.

    A table whose people have all gone (a bot holds each of their seats) waits for them or
    plays on; either way it is no game of people to anyone who comes to watch.
    """
    at_their_seat = Seat.objects.filter(user__is_bot=False, bot_holding=False)
    return Table.objects.filter(
        status=Table.Status.PLAYING, pk__in=at_their_seat.values("table_id")
    )


def table_list_with_people_playing(*, limit: int = 50) -> QuerySet[Table]:
    """The lobby's live tables, newest first, with their seats' players."""
    return _playing_with_people().prefetch_related("seats__user").order_by("-created_at")[:limit]


def table_list_seated(*, user: Any) -> QuerySet[Table]:
    """The unfinished tables where a person has a seat, newest first: the way back to a game
    the lobby no longer lists as live once a bot holds their seat."""
    if user is None or not user.is_authenticated:
        return Table.objects.none()
    return (
        Table.objects.exclude(status=Table.Status.FINISHED)
        .filter(seats__user=user)
        .distinct()
        .prefetch_related("seats__user")
        .order_by("-created_at")
    )


def rating_move(*, table_id: int, user: Any) -> tuple[float, float] | None:
    """A person's rating before and after the table's finished match, or None (unrated, or
    not over): read through the match's reverse relation, games takes no model of accounts."""
    match = Match.objects.filter(table_id=table_id, finished_at__isnull=False).first()
    change = match and match.rating_changes.filter(user=user).first()
    return (change.before, change.after) if change else None


def alone_with_computers(*, seats: list[Seat], seat: Seat) -> bool:
    """Whether every seat but this one is a computer player's: leaving ends the match, and
    once it is over the person may play the computers again."""
    return all(s.user is not None and s.user.is_bot for s in seats if s.number != seat.number)


def hosts(*, table: Table, seats: list[Seat], user: Any) -> bool:
    """Whether `user` hosts the table: opened it and sits there (a host who stood up could
    otherwise deal a match of computer players for nobody)."""
    return (
        user is not None
        and user.is_authenticated
        and table.created_by_id == user.pk
        and any(s.user_id == user.pk for s in seats)
    )


def seat_of(*, seats: list[Seat], user: Any) -> Seat | None:
    """The seat a signed-in person holds at a table, if any (bots never connect)."""
    if user is None or not user.is_authenticated:
        return None
    return next((s for s in seats if s.user_id == user.pk), None)


def engine_load(match: Match) -> rules.Match:
    """The engine's match, with the hand in progress, from its stored JSON."""
    return rules.Match.from_json(match.engine)


def target_of(match: rules.Match) -> int:
    """Points that end the match in its rule set (and house rules)."""
    return match.rules.target()


def turn_time(table: Table, match: rules.Match | None) -> int:
    """Seconds the person to act has for this turn, counted from the last commit.

    Their first turn of each hand after the first has time to read the last hand's summary
    too: it opens over the table as the next hand is dealt (a hand thrown in included).
    """
    if match is None or match.hand is None or not match.history:
        return table.turn_seconds
    hand = match.hand
    if any(seat == hand.to_act for seat, _ in hand.log):
        return table.turn_seconds
    return table.turn_seconds + settings.LIVE_TABLE_READING_SECONDS


def turn_left(
    table: Table, seats: list[Seat], match: rules.Match | None, *, since: datetime
) -> float | None:
    """Seconds the person to act has before their bot plays for them (None: no clock runs, as
    for a bot, or a last card, which plays itself).

    Every committed change restarts the clock (the timeout task is queued after each), so it
    runs from `since`, the last commit, for `turn_time`; bots and paused tables have none.
    """
    hand = match.hand if match is not None else None
    if table.status != Table.Status.PLAYING or table.is_paused or hand is None:
        return None
    seat = next((s for s in seats if s.number == hand.to_act), None)
    if seat is None or seat.user is None or moves_without_person(seat, hand):
        return None
    elapsed = (timezone.now() - since).total_seconds()
    return round(max(0.0, turn_time(table, match) - elapsed), 1)


# One computer account may fill three seats: each seat's computer player has a name of its own.
BOT_SEAT_NAMES = ("Ana", "Boris", "Chloé", "Dario")


def seat_name(seat: Seat) -> str | None:
    """Who sits in a seat, as the table shows it (None: a free seat)."""
    return None if seat.user is None else player_name(seat.user, seat.number)


def player_name(user: Any, seat: int) -> str:
    """A player as the table names them: a computer player by its seat's name."""
    return BOT_SEAT_NAMES[seat] if user.is_bot else str(user)


def table_players(table: Table) -> list[tuple[str | None, bool]]:
    """Who a list of tables names at a table, seat by seat, with whether each is a computer
    player: a finished match's players as it began (a person who left it is still named),
    else whoever sits there now (None: a free seat)."""
    match = getattr(table, "match", None) if table.status == Table.Status.FINISHED else None
    if match is not None:
        return [(player_name(p.user, p.seat), p.user.is_bot) for p in match.seated.all()]
    return [
        (seat_name(seat), seat.user is not None and seat.user.is_bot) for seat in table.seats.all()
    ]


def seat_names_in_hand(*, table: Table, number: int) -> list[str | None]:
    """Who played each seat in hand `number` (seat_holders_in_hand's names)."""
    return [name for name, _ in seat_holders_in_hand(table=table, number=number)]


def seat_holders_in_hand(*, table: Table, number: int) -> list[tuple[str | None, bool]]:
    """Who played each seat in hand `number`, with whether a computer player: who sat there
    when the match began, then each seat handed over before the hand's first call. A person
    who left is named in the hands they played, not the computer player who took their seat
    (it has the seat now)."""
    starters = MatchPlayer.objects.filter(match__table=table).select_related("user")
    if not starters:
        return [
            (seat_name(seat), seat.user is not None and seat.user.is_bot)
            for seat in table_seats(table)
        ]
    holders: list[tuple[str | None, bool]] = [(None, False)] * 4
    for starter in starters:
        holders[starter.seat] = (player_name(starter.user, starter.seat), starter.user.is_bot)
    events = TableEvent.objects.filter(table=table)
    first_call = events.filter(hand=number, kind=TableEvent.Kind.BID).order_by("version").first()
    handovers = events.filter(kind=TableEvent.Kind.SEAT).order_by("version")
    if first_call is not None:
        handovers = handovers.filter(version__lt=first_call.version)
    for event in handovers:
        if event.seat is not None and handed_over(event.payload):
            if "bot" in event.payload:
                holders[event.seat] = (BOT_SEAT_NAMES[event.seat], True)
            else:
                holders[event.seat] = (event.payload["joined"], False)
    return holders


def handed_over(change: dict[str, Any]) -> bool:
    """Whether a seat event handed the seat to another player during play (services'
    _hand_over), not a seat taken or freed before the match, nor one held for a while."""
    return "left" in change and ("bot" in change or "joined" in change)


def any_person(seats: list[Seat]) -> bool:
    """Whether a person sits at the table (bots only: nothing to pace for)."""
    return any(s.user is not None and not s.user.is_bot for s in seats)


def table_summary(
    table: Table, seats: list[Seat], match: rules.Match | None, *, since: datetime | None = None
) -> dict[str, Any]:
    """What every viewer may know about the table itself: who sits where, the match score,
    and the turn clock from `since` (default: the table's last commit)."""
    info: dict[str, Any] = {
        "id": table.pk,
        "variant": table.variant,
        "status": table.status,
        "rated": table.rated,
        "paused": table.is_paused,
        "waits_for_people": table.waits_for_people,
        "turn_seconds": table.turn_seconds,
        "turn_left": turn_left(table, seats, match, since=since or table.updated_at),
        "trick_pause_ms": table.trick_pause_ms if any_person(seats) else 0,
        "seats": [
            {
                "number": s.number,
                "name": seat_name(s),
                # A guest's name is a word of the viewer's language, the page's to put: this
                # summary rides on events made once for every viewer.
                "guest": bool(s.user is not None and s.user.is_guest),
                "bot": bool(s.user is not None and s.user.is_bot),
                "level": str(s.user.get_bot_level_display()) if s.user and s.user.is_bot else None,
                "held_by_bot": s.bot_holding,
            }
            for s in seats
        ],
        "match": None,
    }
    if match is not None:
        info["match"] = {
            "score": list(match.score),
            "hanging": list(match.hanging),
            "winner": match.winner,
            "target": target_of(match),
            "hands": len(match.history),
        }
    return info


def hand_view(hand: rules.HandState | None, seat: int | None) -> dict[str, Any] | None:
    """A seat's view of the hand, or the public one for spectators (None before a deal)."""
    if hand is None:
        return None
    return hand.view(seat) if seat is not None else hand.public_view()


def table_seats(table: Table) -> list[Seat]:
    """The table's four seats in order, players loaded."""
    return list(Seat.objects.filter(table=table).select_related("user").order_by("number"))


def table_snapshot(*, table_id: int, user: Any) -> dict[str, Any]:
    """A fresh `snapshot` message for one viewer: their seat's view or the public one."""
    table = Table.objects.get(pk=table_id)
    seats = table_seats(table)
    seat = seat_of(seats=seats, user=user)
    number = seat.number if seat is not None else None
    match_row = Match.objects.filter(table=table).first()
    engine = engine_load(match_row) if match_row is not None else None
    released = released_hands(table=table) if number is None else None
    if released is not None:
        return _withheld_snapshot(table, seats, engine, released)
    hand = engine.hand if engine is not None else None
    shown = 0 if engine is None else len(engine.history) + (hand is not None)
    if engine is not None and hand is None and engine.history:
        # Between matches' end and nothing: show the last hand as it finished.
        hand = hand_rebuild(table_id=table.pk, number=len(engine.history))
    return {
        "type": "snapshot",
        "version": table.version,
        "seat": number,
        "view": hand_view(hand, number),
        "table": table_summary(table, seats, engine),
        "last_hand": last_hand(table_id=table.pk, engine=engine),
        "deal": deal_shown(table_id=table.pk, number=shown),
        "chat": chat_history(table, seated=number is not None),
    }


def deal_shown(*, table_id: int, number: int) -> dict[str, Any] | None:
    """The public part of the table's hand `number`'s deal (None before a deal)."""
    row = DealSeed.objects.filter(table_id=table_id, hand=number).first()
    return deal_public(row) if row is not None else None


def deal_public(row: DealSeed) -> dict[str, Any]:
    """What anyone may know of a deal before it is played: its name and commitment (a chosen
    deck has none); never its seed."""
    return {
        "hand": row.hand,
        "deal_id": row.deal_id,
        "chosen": not row.commitment,
        "commitment": row.commitment or None,
    }


def last_hand(*, table_id: int, engine: rules.Match | None) -> dict[str, Any] | None:
    """The last finished hand's summary, as its `hand_end` event told it (None before one).

    A client that reconnects past that event still owes its player the summary.
    """
    if engine is None or not engine.history:
        return None
    number = len(engine.history)
    end = TableEvent.objects.filter(
        table_id=table_id, kind=TableEvent.Kind.HAND_END, hand=number
    ).first()
    if end is None:
        return None
    return {"number": number, "result": end.payload["result"], "contract": end.payload["contract"]}


def _withheld_snapshot(
    table: Table, seats: list[Seat], engine: rules.Match | None, released: int
) -> dict[str, Any]:
    """An onlooker's snapshot of a duplicate table: the last released hand, as it finished.

    The score is the one after that hand; nothing of the hands after it is told.
    """
    info = table_summary(table, seats, None)
    info["withheld"] = WITHHELD
    if engine is not None:
        ends = hands_finished(table_id=table.pk)[:released]
        result = ends[-1].payload["result"] if ends else {}
        info["match"] = {
            "score": list(result.get("match_score", [0, 0])),
            "hanging": list(result.get("hanging", [0, 0])),
            "winner": None,
            "target": target_of(engine),
            "hands": released,
        }
    hand = hand_rebuild(table_id=table.pk, number=released) if released else None
    return {
        "type": "snapshot",
        "version": table.version,
        "seat": None,
        "view": hand_view(hand, None),
        "table": info,
        # Onlookers of a duplicate round see each released hand as it finished instead.
        "last_hand": None,
        "deal": deal_shown(table_id=table.pk, number=released),
        "chat": chat_history(table, seated=False),
    }


def hands_visible(*, table: Table, user: Any) -> int | None:
    """How many of a table's hands this viewer may see (None: all): its players see theirs."""
    if seat_of(seats=table_seats(table), user=user) is not None:
        return None
    return released_hands(table=table)


def hand_events(*, table_id: int, number: int) -> list[TableEvent]:
    """The deal and the actions of one hand, in order."""
    return list(
        TableEvent.objects.filter(
            table_id=table_id,
            hand=number,
            kind__in=[TableEvent.Kind.DEAL, TableEvent.Kind.BID, TableEvent.Kind.PLAY],
        ).order_by("version")
    )


def hand_rebuild(*, table_id: int, number: int) -> rules.HandState | None:
    """A hand as it now stands, replayed from the event log (None if it was never dealt)."""
    frames = hand_frames(table_id=table_id, number=number)
    return frames[-1].state if frames else None


@dataclass(frozen=True)
class Frame:
    """One step of a replay: the state after an action, and who did what."""

    state: rules.HandState
    seat: int | None
    action: str | None


def hand_frames(*, table_id: int, number: int) -> list[Frame]:
    """Every step of one hand from its deal, rebuilt from the log (replay and snapshots)."""
    events = hand_events(table_id=table_id, number=number)
    if not events or events[0].kind != TableEvent.Kind.DEAL:
        return []
    state = rules.HandState.from_json(events[0].payload["hand"])
    frames = [Frame(state.clone(), None, None)]
    variant = state.variant
    for event in events[1:]:
        seat, action = rules.action_from_json(variant, event.payload)
        state.apply(action, seat)
        frames.append(Frame(state.clone(), seat, str(action)))
    return frames


def hands_finished(*, table_id: int) -> list[TableEvent]:
    """The end-of-hand events of a table, first hand first (the hand history)."""
    return list(
        TableEvent.objects.filter(table_id=table_id, kind=TableEvent.Kind.HAND_END).order_by(
            "version"
        )
    )


def live_table_count() -> int:
    """How many tables the lobby lists as live (the home page's invitation to watch)."""
    return _playing_with_people().count()


def event_of(table: Table) -> tuple[str, str] | None:
    """The (name, url) of the event the table is played in (a tournament's round), as the app
    running it answers; None for a table of its own."""
    for _receiver, answer in table_event.send(sender=Table, table=table):
        event: Any = answer  # typed by Django as a str; a receiver's own answer
        if event is not None:
            return event[0], event[1]
    return None
