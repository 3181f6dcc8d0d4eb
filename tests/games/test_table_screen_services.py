"""What the table screen asks of the server: leaving for good, guests, names per seat, the
trick pause only where people play, play again."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from games import presence
from games.models import Seat, Table, TableEvent
from games.queries import table_snapshot
from games.services import (
    table_bot_act,
    table_create_in_lobby,
    table_quit,
    table_seat_resume,
)
from tests.games.factories import bot_table, people_table, person

pytestmark = pytest.mark.django_db


def test_quitting_mid_match_hands_the_seat_to_a_computer_player_for_good() -> None:
    table, users = people_table("bela")
    table_quit(table_id=table.pk, user=users[2])
    seat = Seat.objects.get(table=table, number=2)
    assert seat.user.is_bot and seat.user.bot_level == table.bot_level and not seat.bot_holding
    left = TableEvent.objects.filter(table=table, kind=TableEvent.Kind.SEAT).latest("version")
    assert left.payload["left"] == str(users[2])
    assert not table_seat_resume(table_id=table.pk, user=users[2]), "coming back changes nothing"
    assert table_snapshot(table_id=table.pk, user=users[2])["seat"] is None


def test_the_last_person_to_quit_concedes_and_the_computers_stop() -> None:
    table, users = people_table("belote")
    for user in users[:3]:
        table_quit(table_id=table.pk, user=user)
        table.refresh_from_db()
        assert table.status == Table.Status.PLAYING, "a person still plays"
    table_quit(table_id=table.pk, user=users[3])
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert table.match.winner_team == 0, "the last to leave sat in seat 3: their team concedes"
    end = TableEvent.objects.filter(table=table).latest("version")
    assert end.kind == TableEvent.Kind.MATCH_END
    assert end.payload["decided"] == "Everyone left the table."
    assert not table_bot_act(table_id=table.pk, version=table.version), "nobody plays on"


def test_leaving_a_game_against_the_computer_ends_it() -> None:
    player = person()
    table = table_create_in_lobby(opponents="computer", user=player, variant="coinche")
    table_quit(table_id=table.pk, user=player)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and table.match.winner_team == 1


def test_quitting_a_waiting_table_frees_the_seat_and_the_lobby_lists_it_no_more() -> None:
    host = person()
    client = Client()
    client.force_login(host)
    client.post("/tables/new/", {"variant": "bela", "bot_level": "easy", "mode": "open"})
    waiting = Table.objects.get()
    presence.seat_here(table_id=waiting.pk, user_id=host.pk)  # their table's page is open
    listed = f'href="/tables/{waiting.pk}/"'
    assert listed in Client().get("/tables/").content.decode()
    table_quit(table_id=waiting.pk, user=host)
    assert Seat.objects.get(table=waiting, number=0).user is None
    # Nobody sits there: a newcomer "taking a seat" would wait alone for nobody.
    assert listed not in Client().get("/tables/").content.decode()


def test_each_computer_seat_has_a_name_and_level_and_the_pause_is_for_people_only() -> None:
    player = person()
    table = table_create_in_lobby(opponents="computer", user=player, variant="bela")
    info = table_snapshot(table_id=table.pk, user=player)["table"]
    names = [s["name"] for s in info["seats"]]
    assert len(set(names)) == 4 and names[0] == str(player)
    assert [s["level"] for s in info["seats"]] == [None, "Easy", "Easy", "Easy"]
    assert info["trick_pause_ms"] == table.trick_pause_ms > 0
    bots_only = table_snapshot(table_id=bot_table("bela").pk, user=None)["table"]
    assert bots_only["trick_pause_ms"] == 0


def test_a_guest_plays_the_computer_unrated_then_may_open_tables_for_people() -> None:
    """Signed out, only a guest's game against the computer; once a guest, the lobby's other
    button too (its text says signing in is for being rated, nothing more)."""
    client = Client()
    lobby = client.get("/tables/").content.decode()
    assert "to be rated." in lobby and "open tables for people" not in lobby
    response = client.post(
        "/tables/new/", {"variant": "bela", "bot_level": "easy", "mode": "guest"}
    )
    table = Table.objects.get()
    assert response["Location"] == f"/tables/{table.pk}/" and not table.rated
    guest = Seat.objects.get(table=table, number=0).user
    assert guest.username.startswith("guest-") and not guest.has_usable_password()
    assert "You played as a guest" in client.get(f"/tables/{table.pk}/").content.decode()
    signed_out = Client().post("/tables/new/", {"variant": "bela", "bot_level": "easy"})
    assert "/login" in signed_out["Location"] and Table.objects.count() == 1
    assert User.guest_account().username != guest.username
    assert "Open a table for people" in client.get("/tables/").content.decode()
    client.post("/tables/new/", {"variant": "bela", "bot_level": "easy", "mode": "open"})
    opened = Table.objects.latest("pk")
    assert opened.created_by == guest and opened.status == Table.Status.OPEN
    assert opened.waits_for_people, "a match among people waits when they are all gone"


def test_play_again_deals_a_new_match_with_the_same_rules_for_its_players_only() -> None:
    player = person()
    table = table_create_in_lobby(
        opponents="computer",
        user=player,
        variant="coinche",
        house_rules={"target": 1000},
        bot_level="medium",
    )
    client = Client()
    client.force_login(player)
    response = client.post(f"/tables/{table.pk}/again/")
    again = Table.objects.latest("pk")
    assert response["Location"] == f"/tables/{again.pk}/"
    assert (again.variant, again.house_rules, again.bot_level) == (
        "coinche",
        {"target": 1000},
        "medium",
    )
    stranger = Client()
    stranger.force_login(person())
    assert stranger.post(f"/tables/{table.pk}/again/").status_code == 403


def test_the_trick_pause_is_a_table_option_in_the_lobby_and_the_api() -> None:
    player = person()
    client = Client()
    client.force_login(player)
    client.post(
        "/tables/new/",
        {"variant": "bela", "bot_level": "easy", "mode": "computer", "trick_pause_ms": "3000"},
    )
    assert Table.objects.get().trick_pause_ms == 3000
    client.post(f"/tables/{Table.objects.get().pk}/again/")
    assert Table.objects.latest("pk").trick_pause_ms == 3000, "play again keeps the pace"
    made = client.post(
        "/api/tables/", {"variant": "bela", "trick_pause_ms": 0}, content_type="application/json"
    )
    assert made.status_code == 201 and made.json()["trick_pause_ms"] == 0
    refused = client.post(
        "/api/tables/",
        {"variant": "bela", "trick_pause_ms": 60000},
        content_type="application/json",
    )
    assert refused.status_code == 400 and "trick_pause_ms" in refused.json()["error"]["fields"]
    assert Table.objects.count() == 3
