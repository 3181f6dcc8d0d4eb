"""One change to a live table: lock its row, apply through the engine, log each event, save.

The one writer per table: every change runs in a transaction holding the table row's lock,
bumps the version once per logged event and saves the engine's state with it. It knows
nothing of who is told or what runs next (games.outbox does, after the commit).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from config.errors import ServiceError
from games import rows, rules
from games.deal_seeds import deal_draw, first_dealer
from games.models import DealSeed, Match, MatchPlayer, Seat, Table, TableEvent
from games.queries import deal_public, engine_load, table_seats, table_summary
from games.signals import match_finished

# What play changes on a match row (the rest is fixed when the match starts).
TABLE_FIELDS = ["version", "status", "paused_at", "updated_at"]
MATCH_FIELDS = ["engine", "hands_played", "score", "hanging", "winner_team", "finished_at"]


@dataclass(frozen=True)
class Moment:
    """The table just after one logged event, kept for the viewers told of it after commit."""

    event: TableEvent
    # A copy of the hand as it stood (the engine moves on within the same change).
    hand: rules.HandState | None
    # games.queries.table_summary at that instant.
    table: dict[str, Any]


@dataclass
class TableChange:
    """A table as read at one version, and what one transaction does to it."""

    table: Table
    seats: list[Seat]
    match_row: Match | None = None
    engine: rules.Match | None = None
    moments: list[Moment] = field(default_factory=list)
    # The seeds of the hands this change dealt, written with its events.
    deal_seeds: list[DealSeed] = field(default_factory=list)
    # The hand whose end (or the match's) this change logged, for watch groups' releases.
    ended_hand: int | None = None
    # Whether this change ended the match (match_finished is sent once it is saved).
    match_ended: bool = False

    @property
    def hand(self) -> rules.HandState | None:
        """The hand in progress (None before the first deal and after the match)."""
        return self.engine.hand if self.engine is not None else None

    def in_play(self) -> tuple[Match, rules.Match]:
        """The match row and its engine, which a table in play always has."""
        if self.match_row is None or self.engine is None:
            raise LookupError(f"table {self.table.pk} has no match in play")
        return self.match_row, self.engine


def lock(table_id: int) -> TableChange:
    """The table, its seats and its match, its row locked until the transaction ends."""
    return _load(Table.objects.select_for_update().filter(pk=table_id).first())


def read(table_id: int) -> TableChange:
    """The table as last committed, unlocked: to decide a move before taking the lock.

    The table row is read before the match row, so a table still at the same version once
    locked proves the match row read here was that version's.
    """
    return _load(Table.objects.filter(pk=table_id).first())


def lock_unchanged(seen: TableChange) -> TableChange | None:
    """`seen` with the row locked, if the table is still at the version it was read at.

    Every change to a table, its seats or its engine bumps the version, so the same version
    means the same seats and engine: they are not read (nor parsed) again. None once the
    table has moved on.
    """
    if not lock_at(seen.table.pk, seen.table.version):
        return None
    return carried_on(seen)


def lock_at(table_id: int, version: int) -> bool:
    """Lock the table's row for the transaction; whether it is still at `version`."""
    return rows.locked_version(Table, table_id) == version


def carried_on(change: TableChange) -> TableChange:
    """A committed change as the table now stands, to read the next move from."""
    return TableChange(
        table=change.table, seats=change.seats, match_row=change.match_row, engine=change.engine
    )


def _load(table: Table | None) -> TableChange:
    if table is None:
        raise ServiceError("not_found", "No such table.")
    change = TableChange(table=table, seats=table_seats(table))
    change.match_row = Match.objects.filter(table=table).first()
    if change.match_row is not None:
        change.engine = engine_load(change.match_row)
    return change


def seat_to_act(change: TableChange, version: int) -> Seat | None:
    """The seat whose turn it is at exactly `version` (None when the table moved on)."""
    table = change.table
    if table.version != version or table.status != Table.Status.PLAYING or table.is_paused:
        return None
    hand = change.hand
    if hand is None or hand.to_act is None:
        return None
    return change.seats[hand.to_act]


def save(change: TableChange) -> None:
    """Write the events, the table and the engine's state; a match it ended is then announced.

    Plain updates (games.rows), not Model.save: this runs for every move of every table.
    """
    table = change.table
    rows.insert_rows([moment.event for moment in change.moments])
    rows.insert_rows(change.deal_seeds)
    table.updated_at = timezone.now()
    rows.update_row(Table, table.pk, {name: getattr(table, name) for name in TABLE_FIELDS})
    match_row = change.match_row
    if match_row is not None and change.engine is not None:
        match_row.engine = change.engine.to_json()
        values = {name: getattr(match_row, name) for name in MATCH_FIELDS}
        rows.update_row(Match, match_row.pk, values)
        if change.match_ended:
            # Receivers (ratings) read the stored result in this same transaction.
            match_finished.send(sender=Table, table_id=change.table.pk, match_id=match_row.pk)


def append(
    change: TableChange,
    kind: TableEvent.Kind,
    *,
    seat: int | None = None,
    actor: str = "",
    payload: dict[str, Any],
    view_of: rules.HandState | None = None,
) -> None:
    """Bump the version and log the event, keeping the moment its viewers will be told of."""
    table = change.table
    table.version += 1
    number = len(change.engine.history) if change.engine is not None else 0
    if change.hand is not None:
        number += 1
    # Written with the rest of the change by save().
    event = TableEvent(
        table=table, version=table.version, hand=number, seat=seat, kind=kind, actor=actor,
        payload=payload, created_at=timezone.now(),
    )  # fmt: skip
    hand = view_of if view_of is not None else change.hand
    # The clock restarts with this change, which commits now.
    info = table_summary(table, change.seats, change.engine, since=timezone.now())
    change.moments.append(Moment(event, hand.clone() if hand is not None else None, info))
    if kind in (TableEvent.Kind.HAND_END, TableEvent.Kind.MATCH_END):
        change.ended_hand = number


def apply(change: TableChange, seat: int, action: rules.Action, *, actor: str) -> None:
    """Apply through the engine, log it; end the hand, deal the next or end the match."""
    hand = change.hand
    if hand is None:
        raise ServiceError("not_playing", "No hand is being played.")
    try:
        hand.apply(action, seat)
    except rules.IllegalActionError as error:
        raise ServiceError(error.code, error.message) from error
    kind = TableEvent.Kind.PLAY if isinstance(action, rules.Play) else TableEvent.Kind.BID
    append(change, kind, seat=seat, actor=actor, payload=rules.action_to_json(seat, action))
    if hand.is_over:
        _hand_end(change, hand)


def hold(change: TableChange, seat: Seat) -> None:
    """A bot plays for the person from now on (they stood up, or their turns ran out)."""
    seat.bot_holding = True
    seat.save(update_fields=["bot_holding"])
    append(change, TableEvent.Kind.SEAT, seat=seat.number, payload={"held": True})


def release(change: TableChange, seat: Seat) -> None:
    """The person acts again: the bot stops holding the seat, the timeout count restarts."""
    held = seat.bot_holding
    seat.bot_holding = False
    seat.timeouts_in_row = 0
    seat.save(update_fields=["bot_holding", "timeouts_in_row"])
    if held:
        append(change, TableEvent.Kind.SEAT, seat=seat.number, payload={"held": False})


def pause(change: TableChange) -> None:
    """Stop play: actions are refused, bots and timers wait (the table's row is saved)."""
    change.table.paused_at = timezone.now()
    append(change, TableEvent.Kind.PAUSE, payload={})


def resume(change: TableChange) -> None:
    """Play on: the seat to act gets a fresh turn once the change is committed."""
    change.table.paused_at = None
    append(change, TableEvent.Kind.RESUME, payload={})


def match_start(change: TableChange) -> None:
    """All four seats taken: record who plays, deal the first hand."""
    table = change.table
    engine = rules.Match(
        table.variant, table.house_rules, dealer=first_dealer(table), deals=table.max_hands
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


def match_end(
    change: TableChange,
    *,
    points: list[int],
    winner: int | None,
    view_of: rules.HandState | None = None,
    actor: str = "",
    decided: str = "",
) -> None:
    """Store the result and log it; it is announced (and rated) once saved."""
    match_row, _ = change.in_play()
    match_row.winner_team = winner
    match_row.finished_at = timezone.now()
    change.table.status = Table.Status.FINISHED
    change.table.paused_at = None  # a match decided while paused waits for nothing more
    payload: dict[str, Any] = {"score": points, "winner": winner}
    if decided:
        payload["decided"] = decided
    append(change, TableEvent.Kind.MATCH_END, actor=actor, payload=payload, view_of=view_of)
    change.match_ended = True


def _hand_end(change: TableChange, finished: rules.HandState) -> None:
    match_row, engine = change.in_play()
    score = engine.record()
    final = finished.public_view()
    match_row.hands_played = len(engine.history)
    match_row.score, match_row.hanging = list(engine.score), list(engine.hanging)
    payload = {"result": final["result"], "contract": final["contract"]}
    append(change, TableEvent.Kind.HAND_END, payload=payload, view_of=finished)
    if not engine.is_over:
        _deal(change)
        return
    match_end(change, points=list(score.match_score), winner=engine.winner, view_of=finished)


def _deal(change: TableChange) -> None:
    _, engine = change.in_play()
    planned = change.table.deals
    step = planned[len(engine.history)] if planned else {}
    # The deck comes from a committed seed (games.deal_seeds), verifiable once revealed.
    deck, seed = deal_draw(table=change.table, hand=len(engine.history) + 1, step=step)
    change.deal_seeds.append(seed)
    hand = engine.new_hand(deck=deck, dealer=step.get("dealer"))
    payload = {"hand": hand.to_json(), "deal": deal_public(seed)}
    append(change, TableEvent.Kind.DEAL, payload=payload)
