"""Someone whose session ended (signed out in another tab, or away longer than a session
lasts) and who then presses one of a page's buttons is asked to sign in, and then comes back
to the page they pressed it on: the button's address takes a form only, and a browser sent
there after signing in showed a blank "HTTP ERROR 405"."""

from __future__ import annotations

import pytest
from django.http.response import HttpResponseBase
from django.test import Client

from games.models import Table
from tests.accounts.factories import PASSWORD, make_user
from tests.games.factories import people_table
from tests.tournaments.factories import ready_to_start

pytestmark = pytest.mark.django_db


def signed_in_after(client: Client, sent_to_sign_in: HttpResponseBase) -> str:
    """Where the browser lands once the person signs in on the page they were sent to."""
    login = sent_to_sign_in["Location"]
    assert login.startswith("/accounts/login/?next=")
    page = client.get(login)
    assert page.status_code == 200
    next_page = page.context["next"]
    landing = client.post(login, {"username": "ann", "password": PASSWORD, "next": next_page})
    assert landing.status_code == 302
    final = client.get(landing["Location"])
    assert final.status_code == 200, f"{landing['Location']} answered {final.status_code}"
    return str(landing["Location"])


def test_a_button_pressed_signed_out_leads_back_to_its_page_after_signing_in() -> None:
    make_user("ann")
    event, _ = ready_to_start(bot_entries=3)
    table, _ = people_table()
    pages_and_buttons = {
        f"/tournaments/{event.pk}/": f"/tournaments/{event.pk}/enter/",
        f"/tables/{table.pk}/": f"/tables/{table.pk}/leave/",
        "/accounts/profile/": "/accounts/tokens/",
    }
    for page, button in pages_and_buttons.items():
        client = Client()
        pressed = client.post(button, {}, HTTP_REFERER=f"http://testserver{page}")
        assert signed_in_after(client, pressed) == page


def test_a_button_pressed_from_elsewhere_leads_to_the_lobby_not_to_the_form() -> None:
    make_user("ann")
    table = Table.objects.create(variant="bela")
    for referer in ({}, {"HTTP_REFERER": "https://elsewhere.example/tables/1/"}):
        client = Client()
        pressed = client.post(f"/tables/{table.pk}/leave/", {}, **referer)
        assert signed_in_after(client, pressed) == "/tables/"


def test_a_page_visited_signed_out_is_shown_after_signing_in() -> None:
    make_user("ann")
    client = Client()
    asked = client.get("/accounts/profile/")
    assert signed_in_after(client, asked) == "/accounts/profile/"
