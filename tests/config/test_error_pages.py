"""An address with nothing at it, a page refused and a server error are pages of the site in
the reader's language, with a way on: Django's bare "Not Found" or a lone line of text left a
player on a blank English page with no menu."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory
from django.utils import translation
from pytest_django import Settings

from config.api import server_error
from games.services import table_create_in_lobby
from games.watching import REFUSED
from tests.games.duplicate_tables import duplicate_pair
from tests.games.factories import person
from tests.tournaments.factories import tournament
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

BRAND = '<a class="brand" href="/">'


def in_language(language: str, message: str) -> str:
    with translation.override(language):
        return translation.gettext(message)


@pytest.mark.parametrize("address", ["/nothing/here/", "/tables/999999/", "/tournaments/9999/"])
def test_an_address_with_nothing_at_it_says_so_in_the_readers_language(address: str) -> None:
    response = Client().get(address, HTTP_ACCEPT_LANGUAGE="hr")
    page = response.content.decode()
    assert response.status_code == 404
    assert '<html lang="hr">' in page and BRAND in page
    assert "<h1>Stranica nije pronađena</h1>" in page
    assert 'href="/tables/"' in page, "a way on: the lobby"


def test_a_table_that_went_is_explained(settings: Settings) -> None:
    settings.OPEN_TABLE_KEEP_DAYS = 3
    table = table_create_in_lobby(user=person(), opponents="open", variant="bela")
    address = f"/tables/{table.pk}/"
    table.delete()
    page = Client().get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "a table left waiting for players goes after 3 days with nobody at it" in page


def test_a_refused_page_says_why_in_the_readers_language() -> None:
    _, people, second = duplicate_pair()
    client = Client()
    client.force_login(people[1])
    response = client.get(f"/tables/{second.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
    page = response.content.decode()
    assert response.status_code == 403
    assert '<html lang="fr">' in page and BRAND in page
    assert in_language("fr", REFUSED).replace("'", "&#x27;") in page
    assert "<h1>Accès refusé</h1>" in page and 'href="/tables/"' in page


def test_an_organizers_page_refused_to_another_says_why() -> None:
    event = tournament()
    Tournament.objects.filter(pk=event.pk).update(status=Tournament.Status.REGISTRATION)
    client = Client()
    client.force_login(person())
    response = client.get(f"/tournaments/{event.pk}/edit/", HTTP_ACCEPT_LANGUAGE="bg")
    assert response.status_code == 403
    page = response.content.decode()
    reason = in_language("bg", "Only the organizer or staff can edit this tournament.")
    assert BRAND in page and reason in page


def test_a_server_error_page_stands_alone_in_the_readers_language() -> None:
    with translation.override("bg"):
        response = server_error(RequestFactory().get("/tables/1/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert '<html lang="bg">' in page and "Нещо се обърка при нас" in page
    assert 'href="/"' in page
    assert 'rel="icon"' in page  # else the browser asks /favicon.ico, and the tab has none


@pytest.mark.parametrize("address", ["/tables/new/", "/tables/{table}/join/", "/accounts/tokens/"])
def test_a_visit_to_a_buttons_address_is_a_page_saying_so(address: str) -> None:
    """A copied link or a bookmark of where a button sends its form: Django answers 405 with
    nothing in it, and a browser showed a blank "HTTP ERROR 405"."""
    user = person()
    table = table_create_in_lobby(user=user, opponents="open", variant="bela")
    client = Client()
    client.force_login(user)
    response = client.get(address.format(table=table.pk), HTTP_ACCEPT_LANGUAGE="hr")
    page = response.content.decode()
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert '<html lang="hr">' in page and BRAND in page
    assert "<h1>Ovdje nema ničega za prikaz</h1>" in page
    assert 'href="/tables/"' in page, "a way on: the lobby"


def test_an_api_address_visited_the_wrong_way_still_answers_json() -> None:
    response = Client().get("/api/auth/login/")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
