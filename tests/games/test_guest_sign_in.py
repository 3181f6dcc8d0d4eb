"""A guest who signs in to their account takes along the games they played against the
computer, an unfinished match included (as opening an account from the guest's session does);
a table another person played at stays the guest's, being that person's history too."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from games.models import MatchPlayer, Table, TableEvent
from games.services import table_quit, table_seat_signed_in, table_take_seat
from tests.accounts.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def new_game_as_a_guest(client: Client, mode: str = "guest") -> Table:
    """The lobby's one click (or, for a guest already, a table open for people)."""
    client.post("/tables/new/", {"mode": mode, "variant": "belote", "bot_level": "easy"})
    return Table.objects.order_by("-pk").first()  # type: ignore[return-value]


def the_guest() -> User:
    return User.objects.get(username__startswith="guest-")


def match_players(table: Table) -> list[User]:
    return [player.user for player in MatchPlayer.objects.filter(match__table=table)]


def test_signing_in_takes_along_the_guests_games_against_the_computer() -> None:
    ann = make_user("ann", display_name="Ann")
    client = Client()
    playing = new_game_as_a_guest(client)
    conceded = new_game_as_a_guest(client)
    guest = the_guest()
    table_quit(table_id=conceded.pk, user=guest)  # left for good: a computer took the seat
    version = Table.objects.get(pk=playing.pk).version

    page = client.get(f"/accounts/login/?next=/tables/{playing.pk}/").content.decode()
    assert "The games you played against the computer as a guest become this account" in page
    response = client.post(
        "/accounts/login/",
        {"username": "ann", "password": PASSWORD, "next": f"/tables/{playing.pk}/"},
    )
    assert response["Location"] == f"/tables/{playing.pk}/"

    playing.refresh_from_db()
    assert playing.status == Table.Status.PLAYING and playing.created_by == ann
    assert playing.seats.get(number=0).user == ann
    assert ann in match_players(playing) and guest not in match_players(playing)
    # Every viewer is told, in version order: the same person, now under the account's name.
    event = TableEvent.objects.get(table=playing, version=version + 1)
    assert (event.kind, event.seat) == (TableEvent.Kind.SEAT, 0)
    assert event.payload == {"joined": "Ann", "was": "Guest"}
    assert "You are playing." in client.get(f"/tables/{playing.pk}/").content.decode()
    # The match left earlier is in the account's history too.
    conceded.refresh_from_db()
    assert conceded.created_by == ann and ann in match_players(conceded)
    assert not Table.objects.filter(seats__user=guest).exists()
    assert not MatchPlayer.objects.filter(user=guest).exists()


def test_a_table_another_person_played_at_stays_the_guests() -> None:
    make_user("ann", display_name="Ann")
    client = Client()
    alone = new_game_as_a_guest(client)
    shared = new_game_as_a_guest(client, mode="open")
    guest = the_guest()
    table_take_seat(table_id=shared.pk, user=make_user("bob"))

    client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})

    assert Table.objects.get(pk=alone.pk).seats.get(number=0).user.username == "ann"
    shared.refresh_from_db()
    assert shared.created_by == guest and shared.seats.filter(user=guest).exists()


def test_a_person_signing_in_from_a_persons_session_moves_nothing() -> None:
    make_user("ann", display_name="Ann")
    bob = make_user("bob")
    client = Client()
    client.force_login(bob)
    table = new_game_as_a_guest(client, mode="computer")
    client.post("/accounts/logout/")
    client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert Table.objects.get(pk=table.pk).seats.get(number=0).user == bob


def test_signing_in_through_the_api_takes_them_along_too() -> None:
    ann = make_user("ann", display_name="Ann")
    client = APIClient()
    table = new_game_as_a_guest(client)
    response = client.post(
        "/api/auth/login/", {"username": "ann", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    assert Table.objects.get(pk=table.pk).seats.get(number=0).user == ann


def test_a_guests_match_end_offers_signing_in_back_to_the_table() -> None:
    client = Client()
    table = new_game_as_a_guest(client)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    offer = page[page.index('<template id="guest-offer">') :]
    offer = offer[: offer.index("</template>")]
    assert 'href="/accounts/register/"' in offer
    assert f'Already have an account? <a href="/accounts/login/?next=/tables/{table.pk}/"' in offer


def test_a_guest_who_left_the_table_meanwhile_signs_in_all_the_same() -> None:
    # Signing in finds the guest's tables, then takes each seat over: a guest who left the
    # table in between (another tab conceded) made the sign-in fail with a server error.
    ann = make_user("ann", display_name="Ann")
    table = new_game_as_a_guest(Client())
    guest = the_guest()
    table_quit(table_id=table.pk, user=guest)
    version = Table.objects.get(pk=table.pk).version
    assert not table_seat_signed_in(table_id=table.pk, guest=guest, to=ann)
    assert Table.objects.get(pk=table.pk).version == version, "nothing to tell its viewers"
