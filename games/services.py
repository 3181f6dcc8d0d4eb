"""Every write to a live table: lock the row, check the version, apply, log, commit, then tell.

One writer per table: each service runs in a transaction that locks the table row, so ASGI
processes and Celery workers can act on the same table safely. After the commit each seat is
sent its own view and spectators the public one, and the next bot move or turn timer is queued.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from config.errors import ServiceError
from games import rules
from games.bots import get_bot
from games.broadcast import broadcast, public_group, seat_group
from games.choices import BotLevel, Variant
from games.models import ChatMessage, Match, MatchPlayer, Seat, Table, TableEvent
from games.queries import engine_load, hand_view, table_seats, table_snapshot, table_summary
from games.signals import match_finished
from games.watching import group_table_ids, released_hands

# Turns in a row a person may let run out before a bot holds their seat.
TIMEOUTS_BEFORE_HOLD = 3
# Chat: at most this many lines per person and table within the window.
CHAT_BURST = 5
CHAT_WINDOW = timedelta(seconds=10)
CHAT_MAX_LENGTH = 300
# A match of a fixed number of deals has 1 to this many.
MAX_HANDS_LIMIT = 100
WATCH_GROUP_LENGTH = 64
# What play changes on a match row (the rest is fixed when the match starts).
MATCH_FIELDS = ["engine", "hands_played", "score", "hanging", "winner_team", "finished_at"]


@dataclass
class _Change:
    """A locked table and what one transaction did to it, sent out once it commits."""

    table: Table
    seats: list[Seat]
    match_row: Match | None = None
    engine: rules.Match | None = None
    messages: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    # The hand whose end (or the match's) this change logged, for watch groups' releases.
    ended_hand: int | None = None

    @property
    def hand(self) -> rules.HandState | None:
        return self.engine.hand if self.engine is not None else None


# ----- creating and seating --------------------------------------------------------------


def table_create(
    *,
    creator: User | None,
    variant: str,
    house_rules: Mapping[str, object] | None = None,
    bot_level: str = BotLevel.EASY,
    bot_seats: tuple[int, ...] = (),
    bot_delay_ms: int | None = None,
    turn_seconds: int | None = None,
    rated: bool = False,
    max_hands: int | None = None,
    deals: Sequence[Mapping[str, Any]] = (),
    watch_group: str = "",
) -> Table:
    """Open a table; the creator (if a person) sits in seat 0, bots in `bot_seats`.

    `max_hands` makes the match that many deals exactly; `deals` chooses each hand's cards and
    dealer (as many as `max_hands`, at least), so tables given the same deals play the same
    cards; `watch_group` names the tables that share them (see games.watching).
    """
    if variant not in Variant.values:
        raise ServiceError("invalid", f"Unknown rule set {variant!r}.")
    if bot_level not in BotLevel.values:
        raise ServiceError("invalid", f"Unknown bot strength {bot_level!r}.")
    chosen = dict(house_rules or {})
    try:
        rules.get_variant(variant, chosen)
    except rules.InvalidInputError as error:
        raise ServiceError("invalid", error.message) from error
    if any(s not in range(4) for s in bot_seats) or (creator is not None and 0 in bot_seats):
        raise ServiceError("invalid", "Bots sit in free seats 0-3.")
    chosen_deals = _chosen_deals(deals, max_hands)
    if not isinstance(watch_group, str) or len(watch_group) > WATCH_GROUP_LENGTH:
        raise ServiceError("invalid", f"A watch group has at most {WATCH_GROUP_LENGTH} characters.")
    with transaction.atomic():
        table = Table.objects.create(
            variant=variant,
            house_rules=chosen,
            bot_level=bot_level,
            bot_delay_ms=settings.LIVE_TABLE_BOT_DELAY_MS if bot_delay_ms is None else bot_delay_ms,
            turn_seconds=settings.LIVE_TABLE_TURN_SECONDS if turn_seconds is None else turn_seconds,
            rated=rated,
            max_hands=max_hands,
            deals=chosen_deals,
            watch_group=watch_group,
            created_by=creator,
        )
        bot = User.bot_account(level=BotLevel(bot_level)) if bot_seats else None
        for number in range(4):
            user = bot if number in bot_seats else (creator if number == 0 else None)
            Seat.objects.create(table=table, number=number, user=user)
        change = _Change(table=table, seats=table_seats(table))
        if all(s.user is not None for s in change.seats):
            _match_start(change)
        _commit(change)
    return table


def table_create_vs_computer(
    *,
    user: User,
    variant: str,
    house_rules: Mapping[str, object] | None = None,
    bot_level: str = BotLevel.EASY,
    max_hands: int | None = None,
) -> Table:
    """One click: the person with a bot partner against two bots, dealt at once."""
    return table_create(
        creator=user,
        variant=variant,
        house_rules=house_rules,
        bot_level=bot_level,
        bot_seats=(1, 2, 3),
        max_hands=max_hands,
    )


def table_take_seat(*, table_id: int, user: User, seat: int | None = None) -> Table:
    """Sit down at an open table (the first free seat unless one is named); the fourth deals."""
    with transaction.atomic():
        change = _lock(table_id)
        if change.table.status != Table.Status.OPEN:
            raise ServiceError("not_open", "This table is not taking players.")
        # A computer player's account may fill several seats; a person takes one.
        if not user.is_bot and any(s.user_id == user.pk for s in change.seats):
            raise ServiceError("already_seated", "You already sit at this table.")
        free = [s for s in change.seats if s.user_id is None and (seat is None or s.number == seat)]
        if not free:
            raise ServiceError("seat_taken", "That seat is taken.")
        chosen = free[0]
        chosen.user = user
        chosen.save(update_fields=["user"])
        _append(change, TableEvent.Kind.SEAT, seat=chosen.number, payload={"joined": str(user)})
        if all(s.user is not None for s in change.seats):
            _match_start(change)
        _commit(change)
    return change.table


def table_leave(*, table_id: int, user: User) -> None:
    """Stand up: free the seat while the table waits; during play a bot holds it for you."""
    with transaction.atomic():
        change = _lock(table_id)
        seat = _seat_of(change, user)
        if change.table.status == Table.Status.OPEN:
            seat.user = None
            seat.save(update_fields=["user"])
            _append(change, TableEvent.Kind.SEAT, seat=seat.number, payload={"left": str(user)})
        elif change.table.status == Table.Status.PLAYING and not seat.bot_holding:
            seat.bot_holding = True
            seat.save(update_fields=["bot_holding"])
            _append(change, TableEvent.Kind.SEAT, seat=seat.number, payload={"held": True})
        else:
            return
        _commit(change)


def table_seat_resume(*, table_id: int, user: User) -> bool:
    """A person back at their seat (a reconnect) takes it over from the bot holding it."""
    with transaction.atomic():
        change = _lock(table_id)
        seat = next((s for s in change.seats if s.user_id == user.pk), None)
        if seat is None or not seat.bot_holding:
            return False
        _release(change, seat)
        _commit(change)
    return True


# ----- playing ---------------------------------------------------------------------------


def table_act(*, table_id: int, user: User, action: Mapping[str, Any], version: int | None) -> int:
    """A person's bid or card, applied only against the version they saw; the new version."""
    with transaction.atomic():
        change = _lock(table_id)
        seat = _seat_of(change, user)
        if change.table.status != Table.Status.PLAYING:
            raise ServiceError("not_playing", "The match is not being played.")
        if change.table.is_paused:
            raise ServiceError("paused", "Play is paused; you can act again once it resumes.")
        if version is not None and version != change.table.version:
            raise ServiceError(
                "stale_version",
                f"The table has moved on (version {change.table.version}); refresh and retry.",
            )
        claimed = action.get("seat", seat.number)
        if claimed != seat.number:
            raise ServiceError("not_your_seat", "You can only act for your own seat.")
        parsed = _parse_action(change, seat.number, action)
        if seat.bot_holding or seat.timeouts_in_row:
            _release(change, seat)
        _apply(change, seat.number, parsed, actor="person")
        _commit(change)
    return change.table.version


def table_bot_act(*, table_id: int, version: int) -> bool:
    """The bot's move at `version`; a no-op (False) once the table has moved on."""
    with transaction.atomic():
        change = _lock(table_id)
        seat = _seat_to_act(change, version)
        if seat is None or not seat.bot_decides:
            return False
        _bot_move(change, seat, actor="bot")
        _commit(change)
    return True


def table_turn_timeout(*, table_id: int, version: int) -> bool:
    """A person's turn ran out at `version`: a bot plays it; the third in a row, it holds on."""
    with transaction.atomic():
        change = _lock(table_id)
        seat = _seat_to_act(change, version)
        if seat is None or seat.bot_decides:
            return False
        seat.timeouts_in_row += 1
        seat.bot_holding = seat.timeouts_in_row >= TIMEOUTS_BEFORE_HOLD
        seat.save(update_fields=["timeouts_in_row", "bot_holding"])
        _bot_move(change, seat, actor="timeout")
        _commit(change)
    return True


def tables_sweep_stalled(*, grace_seconds: float) -> int:
    """Queue again the move or timer of tables idle too long (a lost task, a killed worker)."""
    from games import tasks  # tasks call services: import late.

    now = timezone.now()
    stalled = Table.objects.filter(
        status=Table.Status.PLAYING,
        paused_at__isnull=True,
        updated_at__lt=now - timedelta(seconds=grace_seconds),
    ).values_list("pk", flat=True)
    queued = 0
    for table_id in stalled:
        with transaction.atomic():
            change = _lock(table_id)
            seat = _seat_to_act(change, change.table.version)
            if seat is None:
                continue
            args = (table_id, change.table.version)
            idle = (now - change.table.updated_at).total_seconds()
            if seat.bot_decides:
                transaction.on_commit(lambda args=args: tasks.bot_act.apply_async(args))
            elif idle > change.table.turn_seconds + grace_seconds:
                transaction.on_commit(lambda args=args: tasks.turn_timeout.apply_async(args))
            else:
                continue
            queued += 1
    return queued


# ----- pausing ---------------------------------------------------------------------------


def table_pause(*, table_id: int) -> bool:
    """Stop play: actions are refused, bots and timers wait; False if paused or over already.

    The version moves on, so a bot move or timer already queued finds it stale and does
    nothing; every viewer is told after the commit.
    """
    with transaction.atomic():
        change = _lock(table_id)
        if change.table.is_paused or change.table.status == Table.Status.FINISHED:
            return False
        change.table.paused_at = timezone.now()
        _append(change, TableEvent.Kind.PAUSE, payload={})
        _commit(change)
    return True


def table_resume(*, table_id: int) -> bool:
    """Play on: the seat to act gets a fresh turn (its bot move or timer is queued again)."""
    with transaction.atomic():
        change = _lock(table_id)
        if not change.table.is_paused:
            return False
        change.table.paused_at = None
        if change.table.status == Table.Status.FINISHED:
            # Decided while paused (a tournament's deadline): nothing left to restart.
            change.table.save(update_fields=["paused_at", "updated_at"])
            return True
        _append(change, TableEvent.Kind.RESUME, payload={})
        _commit(change)
    return True


def table_end(
    *, table_id: int, reason: str, score: Sequence[int] | None = None, actor: str = "system"
) -> bool:
    """End a match before its engine does (an event's deadline or its own length rule).

    The team ahead by `score` (the match score now, unless given) wins, nobody when level; the
    hand in progress is not played out. Like any finished match it is logged, sent to every
    viewer, rated, and announced with match_finished. False when the table had already ended.
    """
    if not isinstance(reason, str) or not reason.strip():
        raise ServiceError("invalid", "Say why the table ends.")
    if score is not None and (len(score) != 2 or not all(isinstance(p, int) for p in score)):
        raise ServiceError("invalid", "A score is two whole numbers, team 0 first.")
    with transaction.atomic():
        change = _lock(table_id)
        if change.table.status == Table.Status.FINISHED:
            return False
        engine = change.engine
        if change.table.status != Table.Status.PLAYING or engine is None:
            raise ServiceError("not_playing", "Only a table being played can be ended.")
        points = list(engine.score) if score is None else [int(p) for p in score]
        winner = None if points[0] == points[1] else int(points[1] > points[0])
        engine.winner = winner
        _match_end(change, points=points, winner=winner, actor=actor, decided=reason.strip())
        _commit(change)
    return True


# ----- chat ------------------------------------------------------------------------------


def chat_post(*, table_id: int, user: User, text: str) -> ChatMessage:
    """A line of chat: players talk to everyone; spectators only to spectators."""
    if not user.is_authenticated:
        raise ServiceError("sign_in", "Sign in to chat.")
    if not isinstance(text, str) or not text.strip():
        raise ServiceError("invalid", "Write something first.")
    text = text.strip()
    if len(text) > CHAT_MAX_LENGTH:
        raise ServiceError("invalid", f"Keep it under {CHAT_MAX_LENGTH} characters.")
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise ServiceError("not_found", "No such table.")
    since = timezone.now() - CHAT_WINDOW
    if ChatMessage.objects.filter(table=table, user=user, created_at__gte=since).count() >= (
        CHAT_BURST
    ):
        raise ServiceError("rate_limited", "Slow down: too many messages.")
    seated = Seat.objects.filter(table=table, user=user).exists()
    channel = ChatMessage.Channel.PLAYERS if seated else ChatMessage.Channel.SPECTATORS
    message = ChatMessage.objects.create(table=table, user=user, channel=channel, text=text)
    payload = {
        "type": "chat",
        "channel": channel,
        "name": str(user),
        "text": text,
        "at": message.created_at.isoformat(),
    }
    # Players of a duplicate round talk among themselves: onlookers might pass it on.
    groups = [] if seated and table.watch_group else [public_group(table.pk)]
    if seated:
        groups += [seat_group(table.pk, n) for n in range(4)]
    transaction.on_commit(lambda: broadcast([(g, payload) for g in groups]))
    return message


# ----- internals -------------------------------------------------------------------------


def _lock(table_id: int) -> _Change:
    """Lock the table row for the rest of the transaction (the one writer)."""
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None:
        raise ServiceError("not_found", "No such table.")
    change = _Change(table=table, seats=table_seats(table))
    # Every event carries the views, so the match is needed whatever the change.
    _load_match(change)
    return change


def _seat_of(change: _Change, user: User) -> Seat:
    """The seat a person holds, or the refusal a spectator gets."""
    seat = next((s for s in change.seats if s.user_id == user.pk and user.is_authenticated), None)
    if seat is None:
        raise ServiceError("spectator", "You are watching this table, not playing at it.")
    return seat


def _load_match(change: _Change) -> None:
    """Read the match row and the engine state into the change."""
    if change.match_row is None:
        change.match_row = Match.objects.filter(table=change.table).first()
        if change.match_row is not None:
            change.engine = engine_load(change.match_row)


def _seat_to_act(change: _Change, version: int) -> Seat | None:
    """The seat whose turn it is at exactly `version` (None when the table moved on)."""
    table = change.table
    if table.version != version or table.status != Table.Status.PLAYING or table.is_paused:
        return None
    hand = change.hand
    if hand is None or hand.to_act is None:
        return None
    return change.seats[hand.to_act]


def _bot_for(change: _Change, seat: Seat) -> rules.Action:
    """The bot's choice for the seat; it sees only that seat's view."""
    hand = change.hand
    assert hand is not None  # noqa: S101 (only called on a seat to act)
    level = seat.user.bot_level if seat.user is not None and seat.user.is_bot else ""
    bot = get_bot(level or change.table.bot_level)
    return bot.act(hand.view(seat.number), seed=change.table.pk * 100_003 + change.table.version)


def _bot_move(change: _Change, seat: Seat, *, actor: str) -> None:
    _apply(change, seat.number, _bot_for(change, seat), actor=actor)


def _release(change: _Change, seat: Seat) -> None:
    """The person acts again: the bot stops holding the seat, the timeout count restarts."""
    held = seat.bot_holding
    seat.bot_holding = False
    seat.timeouts_in_row = 0
    seat.save(update_fields=["bot_holding", "timeouts_in_row"])
    if held:
        _append(change, TableEvent.Kind.SEAT, seat=seat.number, payload={"held": False})


def _chosen_deals(
    deals: Sequence[Mapping[str, Any]], max_hands: int | None
) -> list[dict[str, Any]]:
    """Check a table's length and chosen deals; the deals as stored (card codes, dealer)."""
    if max_hands is not None and (
        isinstance(max_hands, bool)
        or not isinstance(max_hands, int)
        or not 1 <= max_hands <= MAX_HANDS_LIMIT
    ):
        raise ServiceError(
            "invalid", f"A match of a fixed length has 1 to {MAX_HANDS_LIMIT} deals."
        )
    if not deals:
        return []
    if not isinstance(deals, list | tuple) or not all(isinstance(d, Mapping) for d in deals):
        raise ServiceError("invalid", 'Deals are a list of {"deck": [...], "dealer": 0-3}.')
    if max_hands is None or len(deals) < max_hands:
        raise ServiceError(
            "invalid", "Chosen deals need max_hands, and at least that many deals, one per hand."
        )
    stored = []
    for number, deal in enumerate(deals, start=1):
        deck, dealer = deal.get("deck"), deal.get("dealer")
        try:
            cards = [rules.Card.parse(code) for code in deck] if isinstance(deck, list) else []
        except rules.MalformedActionError as error:
            raise ServiceError("invalid", f"Deal {number}: {error.message}") from error
        if len(set(cards)) != 32 or len(cards) != 32:
            raise ServiceError("invalid", f"Deal {number}: a deck holds each of the 32 cards once.")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in range(4):
            raise ServiceError("invalid", f"Deal {number}: the dealer is a seat 0-3.")
        stored.append({"deck": [str(card) for card in cards], "dealer": dealer})
    return stored


def _parse_action(change: _Change, seat: int, action: Mapping[str, Any]) -> rules.Action:
    """Read {"bid": ...} or {"play": ..., "declare": bool, "belot": bool} for the engine."""
    assert change.engine is not None  # noqa: S101 (a playing table has a match)
    has_bid, has_play = isinstance(action.get("bid"), str), isinstance(action.get("play"), str)
    flags_ok = all(isinstance(action.get(k, True), bool) for k in ("declare", "belot"))
    if has_bid == has_play or not flags_ok:
        raise ServiceError(
            "malformed", 'An action is {"bid": "..."} or {"play": "Js"} (optional declare, belot).'
        )
    try:
        return rules.action_from_json(change.engine.rules, {**action, "seat": seat})[1]
    except rules.MalformedActionError as error:
        raise ServiceError("malformed", error.message) from error


def _apply(change: _Change, seat: int, action: rules.Action, *, actor: str) -> None:
    """Apply through the engine, log it; end the hand, deal the next or end the match."""
    hand = change.hand
    if hand is None:
        raise ServiceError("not_playing", "No hand is being played.")
    try:
        hand.apply(action, seat)
    except rules.IllegalActionError as error:
        raise ServiceError(error.code, error.message) from error
    kind = TableEvent.Kind.PLAY if isinstance(action, rules.Play) else TableEvent.Kind.BID
    _append(change, kind, seat=seat, actor=actor, payload=rules.action_to_json(seat, action))
    if hand.is_over:
        _hand_end(change)


def _hand_end(change: _Change) -> None:
    engine, match_row = change.engine, change.match_row
    assert engine is not None and match_row is not None  # noqa: S101
    finished = engine.hand
    assert finished is not None  # noqa: S101
    score = engine.record()
    final = finished.public_view()
    match_row.hands_played = len(engine.history)
    match_row.score, match_row.hanging = list(engine.score), list(engine.hanging)
    payload = {"result": final["result"], "contract": final["contract"]}
    _append(change, TableEvent.Kind.HAND_END, payload=payload, view_of=finished)
    if not engine.is_over:
        _deal(change)
        return
    _match_end(change, points=list(score.match_score), winner=engine.winner, view_of=finished)


def _match_end(
    change: _Change,
    *,
    points: list[int],
    winner: int | None,
    view_of: rules.HandState | None = None,
    actor: str = "",
    decided: str = "",
) -> None:
    """Store the result, log it; rate it in this transaction, and tell who listens."""
    match_row = change.match_row
    assert match_row is not None and change.engine is not None  # noqa: S101
    match_row.winner_team = winner
    match_row.finished_at = timezone.now()
    change.table.status = Table.Status.FINISHED
    payload: dict[str, Any] = {"score": points, "winner": winner}
    if decided:
        payload["decided"] = decided
    _append(change, TableEvent.Kind.MATCH_END, actor=actor, payload=payload, view_of=view_of)
    # Receivers (ratings) read the stored result in this same transaction.
    match_row.engine = change.engine.to_json()
    match_row.save(update_fields=MATCH_FIELDS)
    match_finished.send(sender=Table, table_id=change.table.pk, match_id=match_row.pk)


def _match_start(change: _Change) -> None:
    """All four seats taken: record who plays, deal the first hand."""
    table = change.table
    engine = rules.Match(
        table.variant, table.house_rules, dealer=secrets.randbelow(4), deals=table.max_hands
    )
    change.match_row = Match.objects.create(
        table=table,
        variant=table.variant,
        house_rules=table.house_rules,
        rated=table.rated,
        engine=engine.to_json(),
        score=[0, 0],
        hanging=[0, 0],
    )
    MatchPlayer.objects.bulk_create(
        MatchPlayer(match=change.match_row, seat=s.number, user=s.user) for s in change.seats
    )
    change.engine = engine
    table.status = Table.Status.PLAYING
    _deal(change)


def _deal(change: _Change) -> None:
    engine = change.engine
    assert engine is not None  # noqa: S101
    planned = change.table.deals
    if planned:
        step = planned[len(engine.history)]
        deck = [rules.Card.parse(code) for code in step["deck"]]
        hand = engine.new_hand(deck=deck, dealer=step["dealer"])
    else:
        hand = engine.new_hand(seed=secrets.randbits(63))
    _append(change, TableEvent.Kind.DEAL, payload={"hand": hand.to_json()})


def _public_event(event: TableEvent) -> dict[str, Any]:
    """What anyone may learn from an event: never the deal's deck."""
    data: dict[str, Any] = {"kind": event.kind, "hand": event.hand, "seat": event.seat}
    if event.kind == TableEvent.Kind.DEAL:
        data["dealer"] = event.payload["hand"]["dealer"]
    else:
        data.update({k: v for k, v in event.payload.items() if k != "seat"})
        data["actor"] = event.actor
    return data


def _append(
    change: _Change,
    kind: TableEvent.Kind,
    *,
    seat: int | None = None,
    actor: str = "",
    payload: dict[str, Any],
    view_of: rules.HandState | None = None,
) -> None:
    """Bump the version, log the event, and prepare each viewer's message for after commit."""
    table = change.table
    table.version += 1
    number = len(change.engine.history) if change.engine is not None else 0
    if change.hand is not None:
        number += 1
    event = TableEvent.objects.create(
        table=table, version=table.version, hand=number, seat=seat, kind=kind, actor=actor,
        payload=payload,
    )  # fmt: skip
    hand = view_of if view_of is not None else change.hand
    # The clock restarts with this change, which commits now.
    info = table_summary(table, change.seats, change.engine, since=timezone.now())
    public = _public_event(event)
    if kind in (TableEvent.Kind.HAND_END, TableEvent.Kind.MATCH_END):
        change.ended_hand = number
    # Onlookers of a duplicate round get deals once released (_release_deals), never live.
    watchers = [] if table.watch_group else [(public_group(table.pk), None)]
    for group, viewer in watchers + [(seat_group(table.pk, n), n) for n in range(4)]:
        message = {
            "type": "event",
            "version": table.version,
            "event": public,
            "view": hand_view(hand, viewer),
            "table": info,
        }
        change.messages.append((group, message))


def _commit(change: _Change) -> None:
    """Save the table and match; after commit, broadcast and queue the next move or timer."""
    table = change.table
    table.save(update_fields=["version", "status", "paused_at", "updated_at"])
    if change.match_row is not None and change.engine is not None:
        change.match_row.engine = change.engine.to_json()
        change.match_row.save(update_fields=MATCH_FIELDS)
    messages = change.messages
    follow_up = _next_task(change)
    ended = change.ended_hand if table.watch_group else None

    def after_commit() -> None:
        committed_at = time.time()
        for _group, message in messages:
            message["at"] = committed_at
        if messages:
            broadcast(messages)
        if ended is not None:
            _release_deals(table, ended)
        if follow_up is not None:
            follow_up()

    transaction.on_commit(after_commit)


def _release_deals(table: Table, ended: int) -> None:
    """After a hand ends in a watch group: if every table has now finished it, show it.

    Run after the commit, reading committed rows, so of two tables finishing the hand at once
    at least the later one sees both (both may: a second snapshot is harmless).
    """
    released = released_hands(table=table)
    if released is not None and released < ended:
        return
    tables = group_table_ids(group=table.watch_group)
    broadcast([(public_group(pk), table_snapshot(table_id=pk, user=None)) for pk in tables])


def _next_task(change: _Change) -> Callable[[], None] | None:
    """The bot move or the turn timer the new state calls for (None when nobody is due)."""
    from games import tasks  # tasks call services: import late.

    hand = change.hand
    table = change.table
    if table.status != Table.Status.PLAYING or table.is_paused:
        return None
    if hand is None or hand.to_act is None:
        return None
    seat = change.seats[hand.to_act]
    args = (table.pk, table.version)
    if seat.bot_decides:
        people = any(s.user is not None and not s.user.is_bot for s in change.seats)
        delay = table.bot_delay_ms / 1000 if people else 0
        return lambda: tasks.bot_act.apply_async(args, countdown=delay)
    return lambda: tasks.turn_timeout.apply_async(args, countdown=table.turn_seconds)
