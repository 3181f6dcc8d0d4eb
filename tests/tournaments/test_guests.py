"""A guest (a game against the computer without signing up) neither enters nor organizes an
event: standings, pairings and ratings need a player who can come back under a name of their
own. The pages offer them an account instead; the services refuse them."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from config.errors import ServiceError
from tests.tournaments.factories import person, tournament
from tournaments import services
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def as_a_guest(client: Client) -> User:
    client.post("/tables/new/", {"mode": "guest", "variant": "belote", "bot_level": "easy"})
    return User.objects.get(username__startswith="guest-")


def test_a_guest_is_offered_an_account_to_enter_and_enters_nothing() -> None:
    event = tournament(entry_type=Tournament.EntryType.INDIVIDUALS)
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    client = Client()
    guest = as_a_guest(client)
    page = client.get(f"/tournaments/{event.pk}/").content.decode()
    assert "create an account</a> to enter this event" in page
    assert f'action="/tournaments/{event.pk}/enter/"' not in page
    response = client.post(f"/tournaments/{event.pk}/enter/")
    assert response["Location"] == "/accounts/register/"
    with pytest.raises(ServiceError, match="Create an account to enter an event"):
        services.entry_register(tournament_id=event.pk, user=guest, players=[guest])
    assert not Entry.objects.exists()


def test_nobody_enters_a_guest_in_a_pair() -> None:
    event = tournament()
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    guest = as_a_guest(Client())
    ann = person("ann")
    for user in (ann, event.organizer):
        with pytest.raises(ServiceError, match="plays as a guest"):
            services.entry_register(tournament_id=event.pk, user=user, players=[ann, guest])
    assert not Entry.objects.exists()


def test_a_guest_organizes_nothing() -> None:
    client = Client()
    guest = as_a_guest(client)
    assert "Organize a tournament" not in client.get("/tournaments/").content.decode()
    assert client.get("/tournaments/new/")["Location"] == "/accounts/register/"
    with pytest.raises(ServiceError, match="Create an account to organize"):
        services.tournament_create(organizer=guest, name="Mine", variant="bela", format="swiss")
    assert not Tournament.objects.exists()
