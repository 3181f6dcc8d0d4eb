"""Sign-up, sign-in and out, password change, profile editing and API tokens on the web."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.models import ApiToken, User
from accounts.services import token_create
from games.models import Table
from tests.accounts.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a brand new secret phrase"


def signed_in(username: str = "ann") -> tuple[Client, User]:
    user = make_user(username)
    client = Client()
    client.force_login(user)
    return client, user


def test_register_opens_an_account_and_signs_in() -> None:
    client = Client()
    response = client.post(
        "/accounts/register/",
        {
            "username": "newbie",
            "display_name": "New Bie",
            "email": "",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/profile/"
    user = User.objects.get(username="newbie")
    assert (user.display_name, user.is_bot) == ("New Bie", False)
    assert client.get("/accounts/profile/").status_code == 200


def test_a_guest_who_signs_up_keeps_their_games_and_table() -> None:
    # The guest's match end says "Create an account to be rated and keep your games": signing
    # up made a new, empty account, and the guest's games stayed with the guest.
    client = Client()
    client.post("/tables/new/", {"mode": "guest", "variant": "bela", "bot_level": "easy"})
    guest = User.objects.get(username__startswith="guest-")
    table = Table.objects.get(seats__user=guest)
    offer = client.get("/accounts/register/").content.decode()
    assert "The games you played as a guest become this account" in offer
    response = client.post(
        "/accounts/register/",
        {"username": "mila", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    mila = User.objects.get(username="mila")
    assert mila.pk == guest.pk and not mila.is_guest and mila.check_password(PASSWORD)
    assert table.seats.get(number=0).user == mila
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "You are playing." in page  # the unfinished match goes on, theirs
    assert not User.objects.filter(username__startswith="guest-").exists()
    # Signed in as a person, opening another account leaves the first as it was.
    client.post(
        "/accounts/register/",
        {"username": "second", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert User.objects.get(username="mila").pk == mila.pk
    assert User.objects.get(username="second").pk != mila.pk


def test_register_refuses_a_weak_or_mismatched_password() -> None:
    response = Client().post(
        "/accounts/register/", {"username": "newbie", "password1": "123", "password2": "124"}
    )
    assert response.status_code == 200
    assert "didn’t match" in response.content.decode()
    assert not User.objects.filter(username="newbie").exists()


def test_login_then_logout() -> None:
    make_user("ann", display_name="Ann")
    client = Client()
    response = client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302
    assert "Signed in as Ann" in client.get("/").content.decode()
    assert client.post("/accounts/logout/").status_code == 302
    assert "Sign in" in client.get("/").content.decode()


def test_password_change_needs_the_old_password() -> None:
    client, user = signed_in()
    response = client.post(
        "/accounts/password/",
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 200
    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert "Your password is changed." in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_profile_pages_need_a_signed_in_user() -> None:
    response = Client().get("/accounts/profile/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_profile_edit_saves_name_country_and_rule_set() -> None:
    client, user = signed_in()
    response = client.post(
        "/accounts/profile/",
        {"display_name": "Ann B.", "country": "bg", "preferred_variant": "bela"},
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert (user.display_name, user.country, user.preferred_variant) == ("Ann B.", "BG", "bela")


def test_the_profile_form_names_its_blank_choices() -> None:
    client = Client()
    client.force_login(make_user("ann"))
    page = client.get("/accounts/profile/").content.decode()
    assert '<option value="" selected>No preference</option>' in page
    assert '<option value="" selected>Your browser&#x27;s language</option>' in page
    assert "---------" not in page


def test_the_profile_offers_time_zones_by_name_as_the_player_types() -> None:
    client = Client()
    client.force_login(make_user("ann"))
    page = client.get("/accounts/profile/").content.decode()
    assert 'list="time-zones"' in page
    offered = re.findall(r'<option value="([^"]+)">', page.split('<datalist id="time-zones">')[1])
    assert {"UTC", "Europe/Sofia", "Europe/Zagreb", "Europe/Paris"} <= set(offered)
    assert "US/Eastern" not in offered and offered == ["UTC", *sorted(offered[1:])]


def test_profile_edit_refuses_a_bad_country_code() -> None:
    client, user = signed_in()
    response = client.post("/accounts/profile/", {"country": "B1", "preferred_variant": ""})
    assert response.status_code == 200
    assert "two-letter country code" in response.content.decode()


def test_token_key_is_shown_once_then_only_its_prefix() -> None:
    client, user = signed_in()
    page = client.post("/accounts/tokens/", {"name": "laptop bot"}).content.decode()
    assert "copy it now, it is not shown again" in page
    key = re.search(r'<code class="secret" id="new-key">([^<]+)</code>', page).group(1)
    token = ApiToken.objects.get(user=user)
    assert token.prefix == key[:8] and key not in token.digest
    later = client.get("/accounts/profile/").content.decode()
    assert "laptop bot" in later and key not in later


def test_token_revoke_deletes_only_ones_own() -> None:
    client, user = signed_in()
    mine, _ = token_create(user=user, name="mine")
    theirs, _ = token_create(user=make_user("ben"), name="theirs")
    assert client.post(f"/accounts/tokens/{theirs.pk}/revoke/").status_code == 404
    assert client.post(f"/accounts/tokens/{mine.pk}/revoke/").status_code == 302
    assert list(ApiToken.objects.values_list("name", flat=True)) == ["theirs"]
