"""Factories for live-table tests: people, bot-only tables, and driving a table by version."""

from __future__ import annotations

import itertools

from django.contrib.auth.models import AnonymousUser

from accounts.models import User
from games import rules
from games.models import Match, Seat, Table, TableEvent
from games.queries import hand_rebuild, table_snapshot
from games.services import (
    table_act,
    table_bot_act,
    table_create,
    table_take_seat,
    table_turn_timeout,
)

_names = itertools.count(1)


def person(name: str | None = None) -> User:
    """A signed-up person with a throwaway password."""
    username = name or f"player{next(_names)}"
    return User.objects.create_user(username=username, password="irrelevant-pw-9")


def bot_table(variant: str = "bela", **house_rules: object) -> Table:
    """A table of four bots at full speed, dealt."""
    return table_create(
        creator=None,
        variant=variant,
        house_rules=house_rules,
        bot_seats=(0, 1, 2, 3),
        bot_delay_ms=0,
    )


def play_bots_to_end(table: Table, *, limit: int = 5000) -> Table:
    """Let the bots move one version at a time, as the tasks would, until the match ends.

    People's turns run out (a bot plays them), as their timers would.
    """
    for _ in range(limit):
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            return table
        version = table.version
        if not table_bot_act(table_id=table.pk, version=version) and not table_turn_timeout(
            table_id=table.pk, version=version
        ):
            raise AssertionError(f"nobody could move at version {version}")
    raise AssertionError("the match did not finish")


# Calls that name no contract: a person here takes a contract when none is named yet.
NO_CONTRACT = {"pass", "double", "redouble", "coinche", "surcoinche"}


def play_as_people(
    table: Table, *, deals: int | None = None, late: frozenset[int] = frozenset()
) -> Table:
    """Each person chooses their moves themselves, computer players theirs, until `deals` hands
    are over or the match is; the people in the `late` seats let every turn run out. A person
    takes the first contract offered while none is named, else passes, and plays the first
    card they may."""
    for _ in range(5000):
        table.refresh_from_db()
        ended = TableEvent.objects.filter(table=table, kind=TableEvent.Kind.HAND_END).count()
        if table.status == Table.Status.FINISHED or (deals is not None and ended >= deals):
            return table
        seat = seat_to_act(table)
        version = table.version
        if seat.user.is_bot or seat.number in late:
            if not table_bot_act(table_id=table.pk, version=version):
                table_turn_timeout(table_id=table.pk, version=version)
            continue
        table_act(table_id=table.pk, user=seat.user, action=a_persons_move(table), version=version)
    raise AssertionError("the match did not finish")


def play_until_holding(table: Table, cards: int, *, seat: int | None = None) -> Seat:
    """People choose their moves (as play_as_people does), computer players theirs, until the
    seat to act (`seat`, if named) holds `cards` cards; that seat."""
    for _ in range(500):
        current = seat_to_act(table)
        held = hand_now(table).held[current.number].bit_count()
        if held == cards and seat in (None, current.number):
            return current
        if current.user.is_bot:
            assert table_bot_act(table_id=table.pk, version=table.version)
        else:
            action = a_persons_move(table)
            table_act(table_id=table.pk, user=current.user, action=action, version=table.version)
    raise AssertionError(f"no seat held {cards} cards at its turn")


def a_persons_move(table: Table) -> dict[str, object]:
    """The move play_as_people makes for the person to act."""
    hand = hand_now(table)
    assert hand.to_act is not None
    moves = [rules.action_to_json(hand.to_act, a) for a in hand.legal_actions()]
    named = any(a.get("bid") not in (None, *NO_CONTRACT) for a in hand.to_json()["actions"])
    contracts = [m for m in moves if m.get("bid") not in (None, *NO_CONTRACT)]
    return contracts[0] if contracts and not named else moves[0]


def people_table(
    variant: str = "bela", *, rated: bool = False, **house_rules: object
) -> tuple[Table, list[User]]:
    """A table of four people, dealt, with turn timers too long to fire during a test."""
    users = [person() for _ in range(4)]
    table = table_create(
        creator=users[0], variant=variant, house_rules=house_rules, turn_seconds=3600, rated=rated
    )
    for user in users[1:]:
        table_take_seat(table_id=table.pk, user=user)
    table.refresh_from_db()
    return table, users


def chosen_deal(variant: str, hands: list[str], *, dealer: int) -> dict[str, object]:
    """A deal a table is created with (`deals=`): each seat's cards (space-separated codes)."""
    cards = [[rules.Card.parse(code) for code in seat.split()] for seat in hands]
    deck = rules.get_variant(variant, {}).hands_to_deck(cards, dealer)
    return {"deck": [str(card) for card in deck], "dealer": dealer}


def turn_clock(table: Table) -> float | None:
    """The seconds left to the person to act, as every viewer is told (None: no clock)."""
    return table_snapshot(table_id=table.pk, user=AnonymousUser())["table"]["turn_left"]


def stack_hand(table: Table, hands: list[str], *, dealer: int = 0) -> None:
    """Replace the hand just dealt with chosen cards (space-separated codes per seat)."""
    row = Match.objects.get(table=table)
    engine = rules.Match.from_json(row.engine)
    if engine.hand is None or engine.hand.log:
        raise AssertionError("stack a hand only right after its deal")
    engine.hand, engine.dealer = None, dealer
    cards = [[rules.Card.parse(code) for code in seat.split()] for seat in hands]
    hand = engine.new_hand(deck=engine.rules.hands_to_deck(cards, dealer))
    row.engine = engine.to_json()
    row.save(update_fields=["engine"])
    deal = TableEvent.objects.filter(table=table, kind=TableEvent.Kind.DEAL).latest("version")
    deal.payload = {"hand": hand.to_json()}
    deal.save(update_fields=["payload"])


def hand_now(table: Table) -> rules.HandState:
    """The hand being played, read back from the event log."""
    last = TableEvent.objects.filter(table=table).exclude(kind="seat").latest("version")
    hand = hand_rebuild(table_id=table.pk, number=last.hand)
    assert hand is not None
    return hand


def seat_to_act(table: Table) -> Seat:
    """The seat whose turn it is now, read back from the event log."""
    table.refresh_from_db()
    hand = hand_now(table)
    assert hand.to_act is not None
    return Seat.objects.get(table=table, number=hand.to_act)
