"""Nobody signs up under a name the site gives its own accounts, so no person passes for a
guest, a computer player, a stand-in or a table filler."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from tests.accounts.factories import PASSWORD
from tests.api.conftest import error_of

RESERVED = ["guest-1a2b3c", "bot-hard", "BOT-Medium", "stand-in-hard-0", "Filler-easy-1"]
REFUSAL = "This name is kept for the site's guests and computer players; choose another."


@pytest.mark.django_db
@pytest.mark.parametrize("name", RESERVED)
def test_the_api_refuses_a_reserved_name(name: str) -> None:
    response = APIClient().post(
        "/api/auth/register/", {"username": name, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"username": [REFUSAL]}
    assert not User.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("name", RESERVED)
def test_the_sign_up_page_refuses_a_reserved_name(name: str) -> None:
    form = {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    response = Client().post("/accounts/register/", form)
    assert response.status_code == 200
    assert REFUSAL.replace("'", "&#x27;") in response.content.decode()
    assert not User.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["guesthouse", "bottle", "robot-fan", "filler"])
def test_names_that_merely_look_alike_are_welcome(name: str) -> None:
    response = APIClient().post(
        "/api/auth/register/", {"username": name, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 201, response.content
