"""A person's last card plays itself: no click, no clock, no timeout counted against them."""

from __future__ import annotations

import pytest

from games.models import Seat, TableEvent
from games.own_moves import hand_stand_ins
from games.services import table_act, table_bot_act, table_turn_timeout
from tests.games.factories import (
    hand_now,
    people_table,
    play_until_holding,
    seat_to_act,
    turn_clock,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("variant", ["bulgarian", "bela", "belote", "coinche"])
def test_every_last_card_plays_itself_and_stays_the_persons_own(variant: str) -> None:
    table, _ = people_table(variant)
    play_until_holding(table, 1)
    for _ in range(4):
        seat = seat_to_act(table)
        version = table.version
        (card,) = hand_now(table).legal_actions()
        assert turn_clock(table) is None, "a last card runs no turn clock"
        assert not table_turn_timeout(table_id=table.pk, version=version)
        assert table_bot_act(table_id=table.pk, version=version)
        played = TableEvent.objects.get(table=table, version=version + 1)
        assert (played.kind, played.seat, played.actor) == ("play", seat.number, "last_card")
        assert played.payload["play"] == str(card)
        assert Seat.objects.get(pk=seat.pk).timeouts_in_row == 0
    assert TableEvent.objects.filter(table=table, kind=TableEvent.Kind.HAND_END).count() == 1
    # The hand's analysis counts each last card as its player's move, not a computer's.
    assert hand_stand_ins(table=table, number=1) == {}


def test_a_person_may_still_play_their_last_card_themselves() -> None:
    table, _ = people_table("belote")
    seat = play_until_holding(table, 1)
    version = table.version
    (card,) = hand_now(table).legal_actions()
    table_act(table_id=table.pk, user=seat.user, action={"play": str(card)}, version=version)
    assert TableEvent.objects.get(table=table, version=version + 1).actor == "person"
    # The move queued for the card playing itself finds the table moved on.
    assert not table_bot_act(table_id=table.pk, version=version)


def test_the_auction_and_the_earlier_cards_wait_for_their_person() -> None:
    table, _ = people_table("belote")
    assert hand_now(table).phase == "bidding"
    assert not table_bot_act(table_id=table.pk, version=table.version)
    play_until_holding(table, 2)
    assert not table_bot_act(table_id=table.pk, version=table.version)
    assert turn_clock(table) is not None
