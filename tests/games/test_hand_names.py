"""A hand's replay names who played it: a person who left is named in the hands they played,
not the computer player that took their seat afterwards (the replays of a match someone
conceded showed "Ana" in every hand they had played)."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Table
from games.services import table_bot_act, table_quit, table_turn_timeout
from tests.games.factories import people_table
from tests.tournaments.factories import play_deals

pytestmark = pytest.mark.django_db


def moves(table: Table, count: int) -> None:
    """`count` moves, as the bots and the turn timers would make them."""
    for _ in range(count):
        table.refresh_from_db()
        if not table_bot_act(table_id=table.pk, version=table.version):
            table_turn_timeout(table_id=table.pk, version=table.version)


def names_in(client: Client, table: Table, hand: int) -> list[str]:
    return client.get(f"/tables/{table.pk}/hands/{hand}/").context["names"]


def test_each_hand_names_whoever_began_it() -> None:
    table, people = people_table("bela")
    first, second, third, fourth = (str(p) for p in people)
    play_deals(table, 1)
    table_quit(table_id=table.pk, user=people[0])  # before the second hand's first call
    moves(table, 2)
    table_quit(table_id=table.pk, user=people[1])  # the second hand under way: theirs
    play_deals(table, 3)
    client = Client()
    client.force_login(people[2])
    assert names_in(client, table, 1) == [first, second, third, fourth]
    assert names_in(client, table, 2) == ["Ana", second, third, fourth]
    assert names_in(client, table, 3) == ["Ana", "Boris", third, fourth]
    listing = client.get(f"/tables/{table.pk}/hands/").content.decode()
    assert f"{first} &amp; {third}" in listing, "the hand list names the teams that began"
