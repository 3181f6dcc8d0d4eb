"""Display names show what a reader sees: no right-to-left override, no zero-width character."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from tests.accounts.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

SPOOF = "\u202eAnn\u200b\u200d\ufeff\u2066"


def test_sign_up_takes_hidden_characters_out_of_the_display_name() -> None:
    body = {"username": "ann", "password": PASSWORD, "display_name": SPOOF}
    response = APIClient().post("/api/auth/register/", body, format="json")
    assert response.status_code == 201
    assert response.json()["display_name"] == "Ann"
    assert User.objects.get().display_name == "Ann"


def test_the_profile_api_takes_them_out() -> None:
    client = APIClient()
    client.force_authenticate(make_user("ann"))
    response = client.patch("/api/users/ann/", {"display_name": SPOOF}, format="json")
    assert response.status_code == 200
    assert response.json()["display_name"] == "Ann"


def test_the_profile_page_takes_them_out() -> None:
    user = make_user("ann")
    client = Client()
    client.force_login(user)
    client.post("/accounts/profile/", {"display_name": "Ann\u202e Lee", "country": ""})
    user.refresh_from_db()
    assert user.display_name == "Ann Lee"
