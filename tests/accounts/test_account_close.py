"""Closing one's account: the person's name, address and profile go and nobody signs in to it
again; the matches they played stay in others' histories under "Former player". There was no
way to leave the site at all (a right players in the EU have)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.models import ApiToken, User
from accounts.services import match_rate, token_create
from games.models import Seat, Table
from games.services import table_create
from tests.accounts.factories import PASSWORD, finished_match, make_user
from tests.games.factories import people_table
from tests.tournaments.factories import ready_to_start
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def closing(user: User, password: str = PASSWORD) -> Client:
    client = Client()
    client.force_login(user)
    client.post("/accounts/close/", {"password": password})
    return client


def test_a_closed_account_keeps_no_name_and_signs_nobody_in() -> None:
    ann = make_user("ann", display_name="Ann B.", email="ann@example.org", country="HR")
    players = [ann, *(make_user(name) for name in ("ben", "cat", "dan"))]
    match_rate(match_id=finished_match(players, winner_team=0).pk)
    token_create(user=ann, name="script")
    client = Client()
    client.force_login(ann)
    assert 'href="/accounts/close/"' in client.get("/accounts/profile/").content.decode()
    response = client.post("/accounts/close/", {"password": PASSWORD}, follow=True)
    assert response.request["PATH_INFO"] == "/"
    assert "Your account is closed." in response.content.decode()
    assert not response.context["user"].is_authenticated
    ann.refresh_from_db()
    assert ann.username == f"closed-{ann.pk}" and not ann.is_active
    assert (ann.display_name, ann.email, ann.country) == ("", "", "")
    assert not ann.has_usable_password() and not ApiToken.objects.filter(user=ann).exists()
    assert not Client().login(username="ann", password=PASSWORD)
    assert Client().get("/players/ann/").status_code == 404
    # Their opponents' histories keep the match, under a name that is nobody's.
    ben = Client().get("/players/ben/").content.decode()
    assert "Former player" in ben and "Ann B." not in ben
    assert "Former player" not in Client().get("/leaderboards/belote/?show=all").content.decode()
    # The name is free again, and nobody can take the closed one.
    assert (
        Client()
        .post(
            "/accounts/register/",
            {"username": "ann", "email": "", "password1": PASSWORD, "password2": PASSWORD},
        )
        .status_code
        == 302
    )
    taken = Client().post(
        "/accounts/register/",
        {"username": f"closed-{ann.pk + 100}", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert "kept for the site" in taken.content.decode()


def test_a_wrong_password_changes_nothing() -> None:
    ann = make_user("ann", email="ann@example.org")
    client = Client()
    client.force_login(ann)
    response = client.post("/accounts/close/", {"password": "not it"})
    assert response.status_code == 200 and "The password is not right." in response.content.decode()
    ann.refresh_from_db()
    assert ann.is_active and ann.username == "ann" and ann.email == "ann@example.org"


def test_a_match_in_play_passes_to_a_computer_player() -> None:
    alone = make_user("alone")
    against_computers = table_create(creator=alone, variant="bela", bot_seats=(1, 2, 3))
    table, people = people_table("belote")
    for user in people[:1]:
        user.set_password(PASSWORD)
        user.save()
    closing(alone)
    closing(people[0])
    against_computers.refresh_from_db()
    assert against_computers.status == Table.Status.FINISHED, "alone with computers: conceded"
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert Seat.objects.get(table=table, number=0).user.is_bot


def test_an_event_they_play_in_or_organize_holds_the_account_open() -> None:
    event, people = ready_to_start(bot_entries=1, people_entries=1)
    for user in (event.organizer, people[0]):
        user.set_password(PASSWORD)
        user.save()
    page = Client()
    page.force_login(people[0])
    refused = page.post("/accounts/close/", {"password": PASSWORD}).content.decode()
    assert re.search(r"You are entered in .+: withdraw from it", refused)
    page.force_login(event.organizer)
    refused = page.post("/accounts/close/", {"password": PASSWORD}).content.decode()
    assert f"You organize {event.name}: cancel it" in refused
    assert (
        User.objects.filter(pk__in=[event.organizer.pk, people[0].pk], is_active=True).count() == 2
    )
    Tournament.objects.filter(pk=event.pk).update(status=Tournament.Status.FINISHED)
    closing(event.organizer)
    event.organizer.refresh_from_db()
    assert not event.organizer.is_active
