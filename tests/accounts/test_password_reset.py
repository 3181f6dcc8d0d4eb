"""A forgotten password: a link by e-mail to choose a new one. There was no way back at all:
a player who forgot their password lost their account, its rating and its games."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client
from pytest_django.fixtures import Settings

from accounts.models import User
from tests.accounts.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a brand new secret phrase"


@pytest.fixture(autouse=True)
def offered(settings: Settings) -> None:
    """A site that can send mail; the brake's counts start afresh."""
    settings.PASSWORD_RESET = True
    cache.clear()


def ask(client: Client, email: str, **extra: str) -> int:
    response = client.post("/accounts/password/reset/", {"email": email}, **extra)
    return response.status_code


def the_link() -> str:
    (message,) = mail.outbox
    return re.search(r"http://testserver(/accounts/password/reset/\S+/)", message.body).group(1)


def test_a_link_by_mail_sets_a_new_password_and_signs_in() -> None:
    make_user("ann", email="ann@example.org")
    client = Client()
    assert 'href="/accounts/password/reset/"' in client.get("/accounts/login/").content.decode()
    response = client.post("/accounts/password/reset/", {"email": "ANN@example.org"})
    assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/sent/"
    assert (
        "a link to choose a new password is on its way"
        in client.get(response["Location"]).content.decode()
    )
    (message,) = mail.outbox
    assert message.to == ["ann@example.org"] and "ann" in message.body
    form = client.get(the_link(), follow=True)
    assert form.status_code == 200 and form.context["validlink"]
    done = client.post(
        form.request["PATH_INFO"],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert done.request["PATH_INFO"] == "/tables/"
    assert "Your password is changed; you are signed in." in done.content.decode()
    ann = User.objects.get(username="ann")
    assert ann.check_password(NEW_PASSWORD) and not ann.check_password(PASSWORD)
    # The link works once.
    again = Client().get(the_link(), follow=True)
    assert not again.context["validlink"]
    assert "This link has been used already, or is too old." in again.content.decode()


def test_nobody_learns_whether_an_address_has_an_account() -> None:
    make_user("ann", email="ann@example.org")
    guest = User.guest_account()
    guest.email = "guest@example.org"
    guest.save()
    for email in ("nobody@example.org", "guest@example.org"):
        response = Client().post("/accounts/password/reset/", {"email": email})
        assert response["Location"] == "/accounts/password/reset/sent/"
    assert mail.outbox == [], "a guest has no password to reset"


def test_the_mail_speaks_the_players_language() -> None:
    make_user("ana", email="ana@example.org")
    client = Client()
    client.cookies["django_language"] = "fr"
    ask(client, "ana@example.org")
    (message,) = mail.outbox
    assert message.subject == "Un nouveau mot de passe pour la plateforme de belote"
    assert "Bonjour ana," in message.body


def test_nobody_floods_a_mailbox_through_the_site() -> None:
    make_user("ann", email="ann@example.org")
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
        assert ask(Client(), "ann@example.org", REMOTE_ADDR=address) == 302
    refused = Client().post(
        "/accounts/password/reset/", {"email": "Ann@Example.org"}, REMOTE_ADDR="10.0.0.4"
    )
    assert refused.status_code == 429
    assert "try again in an hour" in refused.content.decode()
    assert len(mail.outbox) == 3


def test_one_client_asking_for_many_addresses_is_braked(settings: Settings) -> None:
    settings.PASSWORD_RESET_REQUESTS_PER_HOUR = 2
    client = Client()
    assert [ask(client, f"p{n}@example.org") for n in range(3)] == [302, 302, 429]


def test_a_site_that_sends_no_mail_offers_no_reset(settings: Settings) -> None:
    settings.PASSWORD_RESET = False
    client = Client()
    assert "/accounts/password/reset/" not in client.get("/accounts/login/").content.decode()
    assert client.get("/accounts/password/reset/").status_code == 404


def test_a_player_adds_the_address_a_new_password_would_go_to() -> None:
    ann = make_user("ann")
    client = Client()
    client.force_login(ann)
    page = client.get("/accounts/profile/").content.decode()
    assert "Where a link to a new password goes if you forget yours" in page
    client.post("/accounts/profile/", {"display_name": "", "email": "Ann@EXAMPLE.org"})
    ann.refresh_from_db()
    assert ann.email == "Ann@example.org"
