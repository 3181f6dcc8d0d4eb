"""A table opened for people: its host puts computer players in the seats they choose (and
takes them back) while it waits; friends sent its link sit where they choose; the fourth
seat taken deals. Only the host may seat a computer player, and only while it waits."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from config.errors import ServiceError
from games import presence
from games.models import Seat, Table, TableEvent
from games.services import (
    table_create_in_lobby,
    table_leave,
    table_seat_computer,
    table_seat_free,
    table_take_seat,
)
from tests.games.factories import person
from tests.helpers import wait_for

pytestmark = pytest.mark.django_db


def open_table(bot_level: str = "medium") -> tuple[Table, object]:
    host = person()
    table = table_create_in_lobby(user=host, opponents="open", variant="bela", bot_level=bot_level)
    return table, host


def seat_users(table: Table) -> list[object]:
    return [s.user for s in Seat.objects.filter(table=table).order_by("number")]


def test_the_host_seats_computer_players_where_they_choose_and_a_friend_completes_it() -> None:
    table, host = open_table()
    table_seat_computer(table_id=table.pk, user=host, seat=1)
    table_seat_computer(table_id=table.pk, user=host, seat=3)
    users = seat_users(table)
    assert users[0] == host and users[2] is None
    assert users[1].is_bot and users[3].is_bot and users[1].bot_level == "medium"
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN, "a free seat still waits for the friend"
    friend = person()
    table_take_seat(table_id=table.pk, user=friend, seat=2)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and seat_users(table)[2] == friend
    kinds = list(TableEvent.objects.filter(table=table).values_list("kind", flat=True))
    assert kinds.count(TableEvent.Kind.SEAT) == 3 and TableEvent.Kind.DEAL in kinds


def test_the_host_takes_a_computer_players_seat_back_for_a_person() -> None:
    table, host = open_table()
    table_seat_computer(table_id=table.pk, user=host, seat=2)
    table_seat_free(table_id=table.pk, user=host, seat=2)
    assert seat_users(table)[2] is None
    friend = person()
    table_take_seat(table_id=table.pk, user=friend, seat=2)
    with pytest.raises(ServiceError, match="No computer player sits there"):
        table_seat_free(table_id=table.pk, user=host, seat=2)
    assert seat_users(table)[2] == friend


@pytest.mark.parametrize(
    ("seat", "message"),
    [(0, "That seat is taken"), (4, "A seat is 0 to 3"), (-1, "A seat is 0 to 3")],
)
def test_a_taken_or_unknown_seat_is_refused_and_changes_nothing(seat: int, message: str) -> None:
    table, host = open_table()
    version = table.version
    with pytest.raises(ServiceError, match=message):
        table_seat_computer(table_id=table.pk, user=host, seat=seat)
    table.refresh_from_db()
    assert table.version == version and seat_users(table)[1:] == [None, None, None]


def test_only_the_host_seats_or_frees_computer_players() -> None:
    table, host = open_table()
    table_seat_computer(table_id=table.pk, user=host, seat=1)
    stranger = person()
    with pytest.raises(
        ServiceError, match="Only the player who opened this table, seated"
    ) as refused:
        table_seat_computer(table_id=table.pk, user=stranger, seat=2)
    assert refused.value.code == "forbidden"
    with pytest.raises(ServiceError, match="Only the player who opened this table"):
        table_seat_free(table_id=table.pk, user=stranger, seat=1)
    users = seat_users(table)
    assert users[1].is_bot and users[2] is None


def test_once_dealt_no_seat_changes_hands() -> None:
    table, host = open_table()
    for seat in (1, 2, 3):
        table_seat_computer(table_id=table.pk, user=host, seat=seat)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    with pytest.raises(ServiceError, match="not taking players"):
        table_seat_free(table_id=table.pk, user=host, seat=1)


def test_the_page_offers_the_host_the_seats_and_posts_them() -> None:
    table, host = open_table()
    client = Client()
    client.force_login(host)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "data-host" in page and 'id="invite-link"' in page
    assert f"http://testserver/tables/{table.pk}/" in page, "the link to send"
    response = client.post(f"/tables/{table.pk}/computer/", {"seat": "2"})
    assert response["Location"] == f"/tables/{table.pk}/" and seat_users(table)[2].is_bot
    client.post(f"/tables/{table.pk}/computer/", {"seat": "two"})
    refused = client.get(f"/tables/{table.pk}/").content.decode()
    assert "A seat is 0 to 3." in refused
    client.post(f"/tables/{table.pk}/free/", {"seat": "2"})
    assert seat_users(table)[2] is None


def test_a_friend_opening_the_link_may_sit_in_the_seat_they_choose_not_seat_computers() -> None:
    table, _host = open_table()
    friend = Client()
    friend.force_login(person())
    page = friend.get(f"/tables/{table.pk}/").content.decode()
    assert "data-may-sit" in page and "data-host" not in page
    friend.post(f"/tables/{table.pk}/join/", {"seat": "3"})
    assert not seat_users(table)[3].is_bot
    friend.post(f"/tables/{table.pk}/computer/", {"seat": "1"})
    assert seat_users(table)[1] is None


def test_the_api_seats_and_frees_computer_players_for_the_host_only() -> None:
    table, host = open_table()
    api = APIClient()
    api.force_authenticate(host)
    url = f"/api/tables/{table.pk}/seats/2/computer/"
    seated = api.post(url)
    assert seated.status_code == 200 and seated.json()["seats"][2]["bot"] is True
    stranger = APIClient()
    stranger.force_authenticate(person())
    refused = stranger.delete(url)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    assert api.post(f"/api/tables/{table.pk}/seats/7/computer/").status_code == 400
    assert api.post(f"/api/tables/{table.pk + 99}/seats/1/computer/").status_code == 404
    freed = api.delete(url)
    assert freed.status_code == 200 and freed.json()["seats"][2]["bot"] is False
    assert APIClient().post(url).status_code in (401, 403)


def test_a_friend_without_an_account_sits_as_a_guest_and_a_dealt_table_makes_no_guest() -> None:
    table, host = open_table()
    friend = Client()
    assert "data-may-sit" in friend.get(f"/tables/{table.pk}/").content.decode()
    friend.post(f"/tables/{table.pk}/join/", {"seat": "2"})
    guest = seat_users(table)[2]
    assert guest is not None and guest.is_guest
    guests = User.objects.filter(username__startswith="guest-").count()
    for seat in (1, 3):
        table_seat_computer(table_id=table.pk, user=host, seat=seat)
    assert Client().post(f"/tables/{table.pk}/join/").status_code == 404
    assert User.objects.filter(username__startswith="guest-").count() == guests


def test_a_host_who_stood_up_seats_no_computer_player() -> None:
    # Else four computer players could be dealt a match for nobody.
    table, host = open_table()
    table_seat_computer(table_id=table.pk, user=host, seat=1)
    table_leave(table_id=table.pk, user=host)
    with pytest.raises(ServiceError, match="seated at it"):
        table_seat_computer(table_id=table.pk, user=host, seat=0)
    client = Client()
    client.force_login(host)
    assert "data-host" not in client.get(f"/tables/{table.pk}/").content.decode()
    assert seat_users(table)[0] is None


def open_tables_in(lobby: str) -> set[int]:
    """The tables a lobby page lists under "Open tables"."""
    section = lobby.split("Open tables")[1].split("Live tables")[0]
    return {int(pk) for pk in re.findall(r'href="/tables/(\d+)/"', section)}


def open_tables_listed() -> set[int]:
    return open_tables_in(Client().get("/tables/").content.decode())


def test_the_lobby_lists_an_open_table_only_while_a_seated_person_is_here() -> None:
    table, host = open_table()
    friend = person()
    table_take_seat(table_id=table.pk, user=friend)
    assert open_tables_listed() == set()  # both closed the tab
    presence.seat_here(table_id=table.pk, user_id=friend.pk)
    assert open_tables_listed() == {table.pk}
    presence.seat_left(table_id=table.pk, user_id=friend.pk)
    assert open_tables_listed() == set()


def test_a_socket_whose_close_never_came_stops_counting_once_its_pings_stop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, host = open_table()
    monkeypatch.setattr(presence, "HERE_SECONDS", 1)
    presence.seat_here(table_id=table.pk, user_id=host.pk)
    assert open_tables_listed() == {table.pk}
    wait_for(lambda: open_tables_listed() == set() or None, timeout=10, what="the mark to lapse")
