"""Every write to a live table, as the services the interfaces call.

Each runs one change through games.unit_of_work (lock the row, check the version, apply
through the engine, log, save) and hands it to games.outbox, which tells every viewer and
queues the next bot move or turn timer once the transaction commits. A bot decides before
the row is locked, against a version that is checked again under the lock.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from config.errors import ServiceError
from config.refusals import refusal_lazy
from config.text import visible_text
from games import outbox, rules
from games import unit_of_work as uow
from games.bots import get_bot
from games.chat_lines import chat_line
from games.choices import BotLevel, bot_level_names, variant_names
from games.deal_seeds import bot_seed, seeded_step
from games.last_card import LAST_CARD, last_card, moves_without_person
from games.models import ChatMessage, Match, MatchPlayer, Seat, Table, TableEvent
from games.queries import alone_with_computers, hosts, table_seats, turn_time
from games.unit_of_work import TableChange

# The longest a finished trick may stay on the felt (ms).
MAX_TRICK_PAUSE_MS = 5000

# Turns in a row a person may let run out before a bot holds their seat.
TIMEOUTS_BEFORE_HOLD = 3
# Chat: at most this many lines per person and table within the window.
CHAT_BURST = 5
CHAT_WINDOW = timedelta(seconds=10)
CHAT_MAX_LENGTH = 300
# A match of a fixed number of deals has 1 to this many.
MAX_HANDS_LIMIT = 100
WATCH_GROUP_LENGTH = 64
# Who a person's table in the lobby (or the API) is against.
LOBBY_OPPONENTS = ("computer", "open")
# How long after its last change the stall sweep keeps telling a table's viewers its latest
# version (each sweep, every LIVE_TABLE_STALL_SECONDS): a sweep's own worker may die too.
ANNOUNCE_IDLE_TABLES_FOR = timedelta(minutes=5)


# ----- creating and seating --------------------------------------------------------------


def table_create(
    *,
    creator: User | None,
    variant: str,
    house_rules: Mapping[str, object] | None = None,
    bot_level: str = BotLevel.EASY,
    bot_seats: tuple[int, ...] = (),
    bot_delay_ms: int | None = None,
    trick_pause_ms: int | None = None,
    turn_seconds: int | None = None,
    rated: bool = False,
    max_hands: int | None = None,
    deals: Sequence[Mapping[str, Any]] = (),
    watch_group: str = "",
    deal_secret: str = "",
    waits_for_people: bool = False,
) -> Table:
    """Open a table; the creator (if a person) sits in seat 0, bots in `bot_seats`.

    `max_hands` makes the match that many deals exactly; `deals` chooses each hand's cards and
    dealer (as many as `max_hands`, at least), so tables given the same deals play the same
    cards; `watch_group` names the tables that share them (see games.watching); `deal_secret`
    draws the other hands, the first dealer and the bots' choices (games.deal_seeds).
    `waits_for_people`: once dealt, the table pauses whenever a bot holds every person's seat,
    until one is back.
    """
    if variant not in variant_names():
        raise ServiceError("invalid", "Unknown rule set %(name)r.", values={"name": variant})
    if bot_level not in bot_level_names():
        raise ServiceError("invalid", "Unknown bot strength %(name)r.", values={"name": bot_level})
    chosen = dict(house_rules or {})
    try:
        rules.get_variant(variant, chosen)
    except rules.InvalidInputError as error:
        raise ServiceError("invalid", error.message) from error
    if trick_pause_ms is not None and not 0 <= trick_pause_ms <= MAX_TRICK_PAUSE_MS:
        raise ServiceError(
            "invalid", "A trick pause is 0 to %(limit)s ms.", values={"limit": MAX_TRICK_PAUSE_MS}
        )
    if any(s not in range(4) for s in bot_seats) or (creator is not None and 0 in bot_seats):
        raise ServiceError("invalid", "Bots sit in free seats 0-3.")
    chosen_deals = _chosen_deals(deals, max_hands)
    if not isinstance(watch_group, str) or len(watch_group) > WATCH_GROUP_LENGTH:
        raise ServiceError(
            "invalid",
            "A watch group has at most %(limit)s characters.",
            values={"limit": WATCH_GROUP_LENGTH},
        )
    with transaction.atomic():
        table = Table.objects.create(
            variant=variant,
            house_rules=chosen,
            bot_level=bot_level,
            bot_delay_ms=settings.LIVE_TABLE_BOT_DELAY_MS if bot_delay_ms is None else bot_delay_ms,
            trick_pause_ms=settings.LIVE_TABLE_TRICK_PAUSE_MS
            if trick_pause_ms is None
            else trick_pause_ms,
            turn_seconds=settings.LIVE_TABLE_TURN_SECONDS if turn_seconds is None else turn_seconds,
            rated=rated,
            max_hands=max_hands,
            deals=chosen_deals,
            watch_group=watch_group,
            deal_secret=deal_secret,
            waits_for_people=waits_for_people,
            created_by=creator,
        )
        bot = User.bot_account(level=BotLevel(bot_level)) if bot_seats else None
        for number in range(4):
            user = bot if number in bot_seats else (creator if number == 0 else None)
            Seat.objects.create(table=table, number=number, user=user)
        change = TableChange(table=table, seats=table_seats(table))
        if all(s.user is not None for s in change.seats):
            uow.match_start(change)
        _commit(change)
    return table


def table_create_in_lobby(
    *,
    user: User,
    opponents: str,
    variant: str,
    house_rules: Mapping[str, object] | None = None,
    bot_level: str = BotLevel.EASY,
    max_hands: int | None = None,
    trick_pause_ms: int | None = None,
) -> Table:
    """A person's table: against the computer ("computer": a bot partner against two bots,
    dealt at once) or open for people to join ("open"), the person in seat 0. Either waits
    for its people whenever they are all gone: nobody wants the computer to play their match
    out for them (a tournament's tables play on, their rounds have a deadline).

    An account's match against the computer, played to the rule set's target, is rated
    against the computer players' fixed ratings (a guest's is not, nor a match of a set number
    of deals); a table for people is not (a guest may sit there).
    """
    if opponents not in LOBBY_OPPONENTS:
        raise ServiceError("invalid", "Unknown opponents %(name)r.", values={"name": opponents})
    return table_create(
        creator=user,
        variant=variant,
        house_rules=house_rules,
        bot_level=bot_level,
        bot_seats=(1, 2, 3) if opponents == "computer" else (),
        max_hands=max_hands,
        trick_pause_ms=trick_pause_ms,
        waits_for_people=True,
        rated=opponents == "computer" and not user.is_guest and max_hands is None,
    )


def table_take_seat(*, table_id: int, user: User, seat: int | None = None) -> Table:
    """Sit down at an open table (the first free seat unless one is named); the fourth deals."""
    with transaction.atomic():
        change = _locked_open(table_id)
        # A computer player's account may fill several seats; a person takes one.
        if not user.is_bot and any(s.user_id == user.pk for s in change.seats):
            raise ServiceError("already_seated", "You already sit at this table.")
        _sit(change, user, None if seat is None else _seat_number(seat))
        _commit(change)
    return change.table


def table_seat_computer(*, table_id: int, user: User, seat: int) -> Table:
    """The host of an open table (who opened it) seats a computer player, at the table's
    strength, in a free seat: a partner or an opponent, as they choose; the fourth deals."""
    with transaction.atomic():
        change = _locked_open(table_id, host=user)
        _sit(change, User.bot_account(level=BotLevel(change.table.bot_level)), _seat_number(seat))
        _commit(change)
    return change.table


def table_seat_free(*, table_id: int, user: User, seat: int) -> Table:
    """The host of an open table takes back a computer player's seat, for a person to take."""
    with transaction.atomic():
        change = _locked_open(table_id, host=user)
        chosen = change.seats[_seat_number(seat)]
        if chosen.user is None or not chosen.user.is_bot:
            raise ServiceError("not_a_computer", "No computer player sits there.")
        _stand_up(change, chosen)
        _commit(change)
    return change.table


def _locked_open(table_id: int, *, host: User | None = None) -> TableChange:
    """The open table, locked; with `host`, refused unless they host it (queries.hosts)."""
    change = uow.lock(table_id)
    if host is not None and not hosts(table=change.table, seats=change.seats, user=host):
        raise ServiceError(
            "forbidden", "Only the player who opened this table, seated at it, can do this."
        )
    if change.table.status != Table.Status.OPEN:
        raise ServiceError("not_open", "This table is not taking players.")
    return change


def _seat_number(seat: int) -> int:
    if seat not in range(4):
        raise ServiceError("invalid", "A seat is 0 to 3.")
    return seat


def _stand_up(change: TableChange, seat: Seat) -> None:
    """Free a seat of the waiting table (its person stood up, or its computer player went)."""
    left = str(seat.user)
    seat.user = None
    seat.save(update_fields=["user"])
    uow.append(change, TableEvent.Kind.SEAT, seat=seat.number, payload={"left": left})


def _sit(change: TableChange, user: User, seat: int | None) -> None:
    """Seat `user` in the free seat `seat` (None: the first free one); the fourth deals."""
    free = [s for s in change.seats if s.user_id is None and (seat is None or s.number == seat)]
    if not free:
        raise ServiceError("seat_taken", "That seat is taken.")
    chosen = free[0]
    chosen.user = user
    chosen.save(update_fields=["user"])
    uow.append(change, TableEvent.Kind.SEAT, seat=chosen.number, payload={"joined": str(user)})
    if all(s.user is not None for s in change.seats):
        uow.match_start(change)


def table_leave(*, table_id: int, user: User) -> None:
    """Stand up: free the seat while the table waits; during play a bot holds it for you."""
    with transaction.atomic():
        change = uow.lock(table_id)
        seat = _seat_of(change, user)
        if change.table.status == Table.Status.OPEN:
            _stand_up(change, seat)
        elif change.table.status == Table.Status.PLAYING and not seat.bot_holding:
            uow.hold(change, seat)
            _wait_if_deserted(change)
        else:
            return
        _commit(change)


def table_quit(*, table_id: int, user: User) -> bool:
    """Leave for good (the table page's confirmed leave): during play a computer player of the
    table's strength takes the seat for the rest of the match; a waiting table frees it.

    The last person to leave a match concedes it: nobody could come back to it, and four
    computers would play it out for nobody. True when the leaving ended the match so.
    """
    with transaction.atomic():
        change = uow.lock(table_id)
        seat = _seat_of(change, user)
        if change.table.status == Table.Status.PLAYING:
            last_person = alone_with_computers(seats=change.seats, seat=seat)
            _hand_over(change, seat, User.bot_account(level=BotLevel(change.table.bot_level)))
            if last_person:
                _end(change, reason="Everyone left the table.", conceded_by=seat.number % 2)
            _commit(change)
            return last_person
    table_leave(table_id=table_id, user=user)
    return False


def table_seat_hand_over(*, table_id: int, user: User, to: User) -> bool:
    """A person's seat goes to another player for the rest of the match (an organizer
    replaced them); they cannot take it back. A computer player plays at once; a person is
    held for by a bot until they open the table, like a late player. False: not in play."""
    with transaction.atomic():
        change = uow.lock(table_id)
        seat = _seat_of(change, user)
        if change.table.status != Table.Status.PLAYING:
            return False
        _hand_over(change, seat, to)
        _commit(change)
    return True


def table_seat_signed_in(*, table_id: int, guest: User, to: User) -> bool:
    """A guest at the table signed in to their account (`to`): the seat and the match's record
    of who began it are the account's, the same person playing on under their name (not a
    hand-over: their moves stay their own). False: the guest had left the seat meanwhile."""
    with transaction.atomic():
        change = uow.lock(table_id)
        seat = next((s for s in change.seats if s.user_id == guest.pk), None)
        if seat is None:
            return False
        seat.user = to
        seat.save(update_fields=["user"])
        MatchPlayer.objects.filter(match__table_id=table_id, user=guest).update(user=to)
        payload = {"joined": str(to), "was": str(guest)}
        uow.append(change, TableEvent.Kind.SEAT, seat=seat.number, payload=payload)
        _commit(change)
    return True


def _hand_over(change: TableChange, seat: Seat, to: User) -> None:
    """Seat `to` in a seat during play, in the change under way."""
    left = seat.user
    seat.user = to
    seat.bot_holding = not to.is_bot
    seat.timeouts_in_row = 0
    seat.save(update_fields=["user", "bot_holding", "timeouts_in_row"])
    payload = {"left": str(left), "bot" if to.is_bot else "joined": str(to)}
    uow.append(change, TableEvent.Kind.SEAT, seat=seat.number, payload=payload)


def table_seat_resume(*, table_id: int, user: User) -> bool:
    """A person back at their seat (a reconnect) takes it over from the bot holding it."""
    with transaction.atomic():
        change = uow.lock(table_id)
        seat = next((s for s in change.seats if s.user_id == user.pk), None)
        return seat is not None and _take_back(change, seat)


def table_seat_back(*, table_id: int, user: User) -> bool:
    """The person at a seat a bot holds says they are back, their socket still open (three
    of their turns ran out while the page stayed open, say); refused to a spectator."""
    with transaction.atomic():
        change = uow.lock(table_id)
        return _take_back(change, _seat_of(change, user))


def _take_back(change: TableChange, seat: Seat) -> bool:
    """The bot stops holding the seat (False: none held it)."""
    if not seat.bot_holding:
        return False
    uow.release(change, seat)
    if change.table.waits_for_people and change.table.is_paused:
        uow.resume(change)  # the table waited for them
    _commit(change)
    return True


# ----- playing ---------------------------------------------------------------------------


def table_act(*, table_id: int, user: User, action: Mapping[str, Any], version: int | None) -> int:
    """A person's bid or card, applied only against the version they saw; the new version."""
    with transaction.atomic():
        change = uow.lock(table_id)
        seat = _seat_of(change, user)
        if change.table.status != Table.Status.PLAYING:
            raise ServiceError("not_playing", "The match is not being played.")
        if change.table.is_paused:
            raise ServiceError("paused", "Play is paused; you can act again once it resumes.")
        if version is not None and version != change.table.version:
            raise ServiceError(
                "stale_version",
                "The table has moved on (version %(version)s); refresh and retry.",
                values={"version": change.table.version},
            )
        claimed = action.get("seat", seat.number)
        if claimed != seat.number:
            raise ServiceError("not_your_seat", "You can only act for your own seat.")
        parsed = _parse_action(change, seat.number, action)
        if seat.bot_holding or seat.timeouts_in_row:
            uow.release(change, seat)
        uow.apply(change, seat.number, parsed, actor="person")
        _commit(change)
    return change.table.version


def table_bot_act(*, table_id: int, version: int) -> bool:
    """The bot's move at `version`, or a person's last card; a no-op (False) once the table
    has moved on.

    The bot decides and the engine applies its move on the table as last committed, outside
    any transaction (a strong bot thinks for a while, and on SQLite even a reading transaction
    holds every table's write lock); the row is locked only to check that the table is still
    at that version, and to write. Where the next seat is a bot too with no pause to make (a
    table of bots only), its move joins the same change, up to the end of the hand: one
    commit and one broadcast for the run. Runs follow one another in this task for up to
    LIVE_TABLE_BOT_RUN_SECONDS, then the next move is queued as after any single move.
    """
    deadline = time.monotonic() + settings.LIVE_TABLE_BOT_RUN_SECONDS
    change = uow.read(table_id)
    moved = False
    while _bot_to_act(change, version):
        _play_bot_run(change, deadline)
        runs_on = _bot_follows_at_once(change) and time.monotonic() < deadline
        with transaction.atomic():
            if not uow.lock_at(table_id, version):
                return moved
            uow.save(change)
            outbox.publish(change, queue_next=not runs_on)
        moved = True
        if not runs_on:
            break
        change, version = uow.carried_on(change), change.table.version
    return moved


def table_turn_timeout(*, table_id: int, version: int) -> bool:
    """A person's turn ran out at `version`: a bot plays it; the third in a row, it holds on.

    As for a bot's own turn, the bot decides before the table is locked; a person who acted
    meanwhile moved the version on, and the bot's move is dropped.
    """
    seen = uow.read(table_id)
    seat = uow.seat_to_act(seen, version)
    if seat is None or moves_without_person(seat, seen.hand):
        return False
    action = _bot_choice(seen, seat)
    with transaction.atomic():
        change = uow.lock_unchanged(seen)
        if change is None or moves_without_person(change.seats[seat.number], change.hand):
            return False
        seat = change.seats[seat.number]
        seat.timeouts_in_row += 1
        seat.save(update_fields=["timeouts_in_row"])
        if seat.timeouts_in_row >= TIMEOUTS_BEFORE_HOLD:
            uow.hold(change, seat)  # said before the move the bot makes
        uow.apply(change, seat.number, action, actor="timeout")
        _wait_if_deserted(change)
        _commit(change)
    return True


def _wait_if_deserted(change: TableChange) -> None:
    """Pause a table that waits for its people once a bot holds every person's seat."""
    table = change.table
    if not table.waits_for_people or table.is_paused or table.status != Table.Status.PLAYING:
        return
    people = [s for s in change.seats if s.user is not None and not s.user.is_bot]
    if people and all(s.bot_holding for s in people):
        uow.pause(change)


def tables_sweep_stalled(*, grace_seconds: float) -> int:
    """Queue again the move or timer of tables idle too long (a lost task, a killed worker);
    returns how many. And tell the viewers of each table idle since lately its latest version:
    a process killed between its commit and its broadcast told them nothing, and when a
    person is to act no later event would show them the gap."""
    now = timezone.now()
    outbox.announce_versions(
        # Finished tables too: a match's last move may be the one never broadcast.
        Table.objects.filter(
            updated_at__lt=now - timedelta(seconds=grace_seconds),
            updated_at__gte=now - ANNOUNCE_IDLE_TABLES_FOR,
        ).only("pk", "version", "watch_group")
    )
    stalled = Table.objects.filter(
        status=Table.Status.PLAYING,
        paused_at__isnull=True,
        updated_at__lt=now - timedelta(seconds=grace_seconds),
    ).values_list("pk", flat=True)
    queued = 0
    for table_id in stalled:
        with transaction.atomic():
            change = uow.lock(table_id)
            seat = uow.seat_to_act(change, change.table.version)
            if seat is None:
                continue
            version = change.table.version
            idle = (now - change.table.updated_at).total_seconds()
            if moves_without_person(seat, change.hand):
                outbox.requeue_bot_move(table_id=table_id, version=version)
            elif idle > turn_time(change.table, change.engine) + grace_seconds:
                outbox.requeue_turn_timeout(table_id=table_id, version=version)
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
        change = uow.lock(table_id)
        if change.table.is_paused or change.table.status == Table.Status.FINISHED:
            return False
        uow.pause(change)
        _commit(change)
    return True


def table_resume(*, table_id: int) -> bool:
    """Play on: the seat to act gets a fresh turn (its bot move or timer is queued again)."""
    with transaction.atomic():
        change = uow.lock(table_id)
        if not change.table.is_paused:
            return False
        uow.resume(change)
        _commit(change)
    return True


def table_end(
    *,
    table_id: int,
    reason: str,
    score: Sequence[int] | None = None,
    actor: str = "system",
    conceded_by: int | None = None,
) -> bool:
    """End a match before its engine does (an event's deadline or its own length rule).

    The team ahead by `score` (the match score now, unless given) wins, nobody when level;
    a team that concedes (`conceded_by`, 0 or 1: it withdrew) loses whatever the score. The
    hand in progress is not played out. Like any finished match it is logged, sent to every
    viewer, rated, and announced with match_finished. False when the table had already ended.
    """
    if not isinstance(reason, str) or not reason.strip():
        raise ServiceError("invalid", "Say why the table ends.")
    if score is not None and (len(score) != 2 or not all(isinstance(p, int) for p in score)):
        raise ServiceError("invalid", "A score is two whole numbers, team 0 first.")
    with transaction.atomic():
        change = uow.lock(table_id)
        if change.table.status == Table.Status.FINISHED:
            return False
        if change.table.status != Table.Status.PLAYING or change.engine is None:
            raise ServiceError("not_playing", "Only a table being played can be ended.")
        _end(change, reason=reason.strip(), score=score, actor=actor, conceded_by=conceded_by)
        _commit(change)
    return True


def table_abort(*, table_id: int, reason: str) -> bool:
    """End a match without a winner and unrated: its people never played a move of theirs (a
    second tap on Play opened it, or its tab was closed at once), and a game left before its
    player's first move counts nowhere. False when the table had already ended."""
    with transaction.atomic():
        change = uow.lock(table_id)
        if change.table.status != Table.Status.PLAYING or change.engine is None:
            return False
        match_row, engine = change.in_play()
        # Read again by the rating, once saved: in this transaction, under the table's lock.
        Match.objects.filter(pk=match_row.pk).update(rated=False)
        Table.objects.filter(pk=table_id).update(rated=False)
        engine.winner = None
        uow.match_end(change, points=list(engine.score), winner=None, decided=reason)
        _commit(change)
    return True


def _end(
    change: TableChange,
    *,
    reason: str,
    score: Sequence[int] | None = None,
    actor: str = "system",
    conceded_by: int | None = None,
) -> None:
    """Decide the match being played as table_end says, in the change under way."""
    _, engine = change.in_play()
    points = list(engine.score) if score is None else [int(p) for p in score]
    winner = None if points[0] == points[1] else int(points[1] > points[0])
    if conceded_by in (0, 1):
        winner = 1 - conceded_by
    engine.winner = winner
    uow.match_end(change, points=points, winner=winner, actor=actor, decided=reason)


# ----- chat ------------------------------------------------------------------------------


def chat_post(*, table_id: int, user: User, text: str) -> ChatMessage:
    """A line of chat: players talk to everyone; spectators only to spectators."""
    if not user.is_authenticated:
        raise ServiceError("sign_in", "Sign in to chat.")
    text = visible_text(text) if isinstance(text, str) else ""
    if not text:
        raise ServiceError("invalid", "Write something first.")
    if len(text) > CHAT_MAX_LENGTH:
        raise ServiceError(
            "invalid", "Keep it under %(limit)s characters.", values={"limit": CHAT_MAX_LENGTH}
        )
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
    outbox.publish_chat(table=table, payload=chat_line(message), seated=seated)
    return message


# ----- internals -------------------------------------------------------------------------


def _commit(change: TableChange) -> None:
    """Save the change; once committed, its viewers are told and the next move is queued."""
    uow.save(change)
    outbox.publish(change)


def _seat_of(change: TableChange, user: User) -> Seat:
    """The seat a person holds, or the refusal a spectator gets."""
    seat = next((s for s in change.seats if s.user_id == user.pk and user.is_authenticated), None)
    if seat is None:
        raise ServiceError("spectator", "You are watching this table, not playing at it.")
    return seat


def _bot_to_act(change: TableChange, version: int) -> bool:
    """Whether the table is at `version` with a bot (or a held seat, or a last card) to act."""
    seat = uow.seat_to_act(change, version)
    return seat is not None and moves_without_person(seat, change.hand)


def _bot_follows_at_once(change: TableChange) -> bool:
    """Whether the next move is a bot's, with no pause to wait first."""
    return _bot_to_act(change, change.table.version) and outbox.bot_delay(change) == 0


def _play_bot_run(change: TableChange, deadline: float) -> None:
    """The bot's move, and the bots' moves that follow at once, up to the hand's end."""
    seat = uow.seat_to_act(change, change.table.version)
    while seat is not None and moves_without_person(seat, change.hand):
        card = last_card(seat, change.hand)
        if card is None:
            uow.apply(change, seat.number, _bot_choice(change, seat), actor="bot")
        else:
            uow.apply(change, seat.number, card, actor=LAST_CARD)
        if change.ended_hand is not None or time.monotonic() >= deadline:
            return
        if outbox.bot_delay(change) > 0:
            return
        seat = uow.seat_to_act(change, change.table.version)


def _bot_choice(change: TableChange, seat: Seat) -> rules.Action:
    """The bot's choice for the seat to act; it sees only that seat's view."""
    hand = change.hand
    assert hand is not None  # noqa: S101 (only called on a seat to act)
    level = seat.user.bot_level if seat.user is not None and seat.user.is_bot else ""
    bot = get_bot(level or change.table.bot_level)
    return bot.act(hand.view(seat.number), seed=bot_seed(change.table))


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
            "invalid",
            "A match of a fixed length has 1 to %(limit)s deals.",
            values={"limit": MAX_HANDS_LIMIT},
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
            raise ServiceError(
                "invalid",
                "Deal %(number)s: %(reason)s",
                values={"number": number, "reason": refusal_lazy(error.message)},
            ) from error
        if len(set(cards)) != 32 or len(cards) != 32:
            raise ServiceError(
                "invalid",
                "Deal %(number)s: a deck holds each of the 32 cards once.",
                values={"number": number},
            )
        if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in range(4):
            raise ServiceError(
                "invalid", "Deal %(number)s: the dealer is a seat 0-3.", values={"number": number}
            )
        stored.append({"deck": [str(card) for card in cards], "dealer": dealer})
        if "seed" in deal:
            # A seeded deal (games.deal_seeds.seeded_step) keeps its seed, for its proof.
            stored[-1].update(
                seeded_step(seed=deal["seed"], deal_id=deal["deal_id"], dealer=dealer)
            )
            if stored[-1]["deck"] != [str(card) for card in cards]:
                raise ServiceError(
                    "invalid",
                    "Deal %(number)s: the deck is not its seed's.",
                    values={"number": number},
                )
    return stored


def _parse_action(change: TableChange, seat: int, action: Mapping[str, Any]) -> rules.Action:
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
