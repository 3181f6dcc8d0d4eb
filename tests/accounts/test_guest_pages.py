"""A guest (a game against the computer without signing up) is offered an account, and may sign
in to one they hold; the pages of a person's account (profile, password, tokens, closing) send
a guest to open an account instead of offering what a guest's account cannot have."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import ApiToken, User
from tests.accounts.factories import PASSWORD, make_user
from tests.api.conftest import error_of

pytestmark = pytest.mark.django_db

GUEST_NOTE = "You are playing as a guest: your games are not rated."


def as_a_guest(client: Client) -> User:
    """One click on "Play as a guest": the client now holds a guest's session."""
    client.post("/tables/new/", {"mode": "guest", "variant": "belote", "bot_level": "easy"})
    return User.objects.get(username__startswith="guest-")


def header_of(page: str) -> str:
    return page.split("<header>")[1].split("</header>")[0]


def test_a_guest_is_offered_an_account_not_a_profile() -> None:
    client = Client()
    as_a_guest(client)
    for path in ("/", "/tables/"):
        page = client.get(path).content.decode()
        header = header_of(page)
        assert "Create account" in header and "Sign in" in header, path
        assert "Profile" not in header and "Sign out" not in header, path
        assert GUEST_NOTE in page and 'href="/accounts/register/"' in page, path
    # A person's header is theirs, and no guest's note.
    person = Client()
    person.force_login(make_user("ann", display_name="Ann"))
    page = person.get("/").content.decode()
    assert "Profile" in header_of(page) and "Create account" not in header_of(page)
    assert GUEST_NOTE not in page


def test_a_guest_may_sign_in_to_their_account() -> None:
    make_user("ann", display_name="Ann")
    client = Client()
    as_a_guest(client)
    page = client.get("/accounts/login/?next=/tournaments/")
    assert page.status_code == 200, "a guest was sent away from the sign-in page"
    response = client.post(
        "/accounts/login/", {"username": "ann", "password": PASSWORD, "next": "/tournaments/"}
    )
    assert response.status_code == 302 and response["Location"] == "/tournaments/"
    assert "Signed in as Ann" in client.get("/").content.decode()
    # Signed in as a person, the sign-in page sends them on.
    assert client.get("/accounts/login/").status_code == 302


@pytest.mark.parametrize("path", ["/accounts/profile/", "/accounts/password/", "/accounts/close/"])
def test_a_guests_account_pages_lead_to_opening_an_account(path: str) -> None:
    client = Client()
    as_a_guest(client)
    response = client.get(path, follow=True)
    assert response.redirect_chain == [("/accounts/register/", 302)]
    page = response.content.decode()
    assert "You are playing as a guest: create an account first." in page
    assert "The games you played as a guest become this account" in page


def test_a_guest_makes_no_token_and_closes_nothing_on_the_pages() -> None:
    client = Client()
    guest = as_a_guest(client)
    assert client.post("/accounts/tokens/", {"name": "script"})["Location"] == (
        "/accounts/register/"
    )
    assert client.post("/accounts/close/", {"password": ""})["Location"] == ("/accounts/register/")
    assert not ApiToken.objects.exists()
    guest.refresh_from_db()
    assert guest.is_active and guest.is_guest


def test_the_api_refuses_a_guest_tokens_a_password_and_closing() -> None:
    client = APIClient()
    guest = as_a_guest(client)
    refusals = [
        client.get("/api/tokens/"),
        client.post("/api/tokens/", {"name": "script"}, format="json"),
        client.delete("/api/tokens/1/"),
        client.post(
            "/api/auth/password/",
            {"old_password": "", "new_password": "a brand new secret phrase"},
            format="json",
        ),
        client.post("/api/auth/close/", {"password": ""}, format="json"),
    ]
    for response in refusals:
        assert response.status_code == 403
        assert error_of(response)["message"] == (
            "A guest's account has no password or API tokens: create an account first."
        )
    assert not ApiToken.objects.exists()
    guest.refresh_from_db()
    assert guest.is_active and guest.is_guest
