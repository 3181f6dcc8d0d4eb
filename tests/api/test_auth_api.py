"""Register, log in and out, change password, get a token: each outcome of each endpoint."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from accounts.models import ApiToken, User
from games.models import Table
from tests.accounts.factories import PASSWORD
from tests.api.conftest import error_of

pytestmark = pytest.mark.django_db

NEW = {"username": "newbie", "password": PASSWORD, "display_name": "New"}


# --- register ---------------------------------------------------------------------------------


def test_register_201_returns_the_profile() -> None:
    response = APIClient().post("/api/auth/register/", NEW, format="json")
    assert response.status_code == 201
    body = response.json()
    assert (body["username"], body["display_name"], body["is_bot"]) == ("newbie", "New", False)
    assert "password" not in body
    assert User.objects.get(username="newbie").check_password(PASSWORD)


def test_register_400_for_a_taken_username(ann: User) -> None:
    response = APIClient().post("/api/auth/register/", {**NEW, "username": "ann"}, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid"
    assert error["fields"] == {"username": ["A user with that username already exists."]}


def test_register_400_for_a_weak_password() -> None:
    response = APIClient().post(
        "/api/auth/register/", {**NEW, "password": "12345678"}, format="json"
    )
    assert response.status_code == 400
    assert "This password is entirely numeric." in error_of(response)["fields"]["password"]
    assert not User.objects.filter(username="newbie").exists()


def test_register_400_for_a_password_sign_in_would_refuse() -> None:
    response = APIClient().post(
        "/api/auth/register/", {**NEW, "password": "long pass " * 100_000}, format="json"
    )
    assert response.status_code == 400
    assert list(error_of(response)["fields"]) == ["password"]
    assert not User.objects.exists()


def test_the_longest_password_sign_up_takes_signs_in() -> None:
    longest = ("x7 horse " * 20)[:128]
    client = APIClient()
    assert (
        client.post("/api/auth/register/", {**NEW, "password": longest}, format="json").status_code
        == 201
    )
    signed_in = client.post(
        "/api/auth/login/", {"username": "newbie", "password": longest}, format="json"
    )
    assert signed_in.status_code == 200


def test_the_sign_up_page_refuses_a_password_sign_in_would_refuse() -> None:
    password = "long pass " * 20
    form = {"username": "newbie", "password1": password, "password2": password}
    response = Client().post("/accounts/register/", form)
    assert response.status_code == 200
    assert "This password is too long" in response.content.decode()
    assert not User.objects.exists()


def test_a_guest_who_registers_through_the_api_keeps_their_games() -> None:
    # The sign-up page turned a guest's account into the new one; the API opened another.
    client = APIClient()
    client.post("/tables/new/", {"mode": "guest", "variant": "bela", "bot_level": "easy"})
    guest = User.objects.get(username__startswith="guest-")
    response = client.post("/api/auth/register/", NEW, format="json")
    assert response.status_code == 201
    newbie = User.objects.get(username="newbie")
    assert newbie.pk == guest.pk and not newbie.is_guest and newbie.check_password(PASSWORD)
    assert Table.objects.get(seats__user=newbie).created_by == newbie
    # A person's session opens a separate account.
    response = client.post("/api/auth/register/", {**NEW, "username": "second"}, format="json")
    assert response.status_code == 201
    assert User.objects.get(username="second").pk != newbie.pk


def test_register_401_with_a_bad_token(bad_token: APIClient) -> None:
    response = bad_token.post("/api/auth/register/", NEW, format="json")
    assert response.status_code == 401
    assert error_of(response)["code"] == "authentication_failed"


def test_register_403_from_a_session_without_csrf(csrf_session: APIClient) -> None:
    response = csrf_session.post("/api/auth/register/", NEW, format="json")
    assert response.status_code == 403
    assert "CSRF" in error_of(response)["message"]


def test_register_429_when_one_address_opens_too_many(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"register": "2/hour"})
    client = APIClient()
    for name in ("one", "two"):
        client.post("/api/auth/register/", {**NEW, "username": name}, format="json")
    response = client.post("/api/auth/register/", NEW, format="json")
    assert response.status_code == 429
    assert error_of(response)["code"] == "throttled"
    assert int(response["Retry-After"]) > 0


# --- login / logout ---------------------------------------------------------------------------


def test_login_200_starts_a_session(ann: User) -> None:
    client = APIClient()
    response = client.post(
        "/api/auth/login/", {"username": "ann", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200 and response.json()["username"] == "ann"
    assert client.get("/api/me/").json()["username"] == "ann"


def test_login_400_without_a_password(ann: User) -> None:
    response = APIClient().post("/api/auth/login/", {"username": "ann"}, format="json")
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"password": ["This field is required."]}


def test_login_401_with_a_wrong_password(ann: User) -> None:
    response = APIClient().post(
        "/api/auth/login/", {"username": "ann", "password": "wrong"}, format="json"
    )
    assert response.status_code == 401
    assert error_of(response)["message"] == "The username or password is not right."


def test_login_403_from_a_session_without_csrf(csrf_session: APIClient) -> None:
    response = csrf_session.post(
        "/api/auth/login/", {"username": "ann", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 403


def test_logout_204_ends_the_session(ann: User) -> None:
    client = APIClient()
    client.force_login(ann)
    assert client.post("/api/auth/logout/").status_code == 204
    assert client.get("/api/me/").status_code == 401


def test_logout_401_when_not_signed_in() -> None:
    response = APIClient().post("/api/auth/logout/")
    assert response.status_code == 401
    assert error_of(response)["code"] == "not_authenticated"
    assert response["WWW-Authenticate"] == "Token"


def test_logout_403_from_a_session_without_csrf(csrf_session: APIClient) -> None:
    assert csrf_session.post("/api/auth/logout/").status_code == 403


# --- password ---------------------------------------------------------------------------------

CHANGE = {"old_password": PASSWORD, "new_password": "another long pass phrase"}


def test_password_204_changes_it_and_keeps_the_session(ann: User) -> None:
    client = APIClient()
    client.force_login(ann)
    assert client.post("/api/auth/password/", CHANGE, format="json").status_code == 204
    ann.refresh_from_db()
    assert ann.check_password(CHANGE["new_password"])
    assert client.get("/api/me/").status_code == 200


def test_password_400_with_a_wrong_old_password(token_client: APIClient) -> None:
    response = token_client.post(
        "/api/auth/password/", {**CHANGE, "old_password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"old_password": ["The old password is not right."]}


def test_password_401_when_not_signed_in() -> None:
    assert APIClient().post("/api/auth/password/", CHANGE, format="json").status_code == 401


def test_password_403_from_a_session_without_csrf(csrf_session: APIClient) -> None:
    assert csrf_session.post("/api/auth/password/", CHANGE, format="json").status_code == 403


# --- closing an account ----------------------------------------------------------------------


def test_close_204_closes_the_account_for_good(token_client: APIClient, ann: User) -> None:
    response = token_client.post("/api/auth/close/", {"password": PASSWORD}, format="json")
    assert response.status_code == 204
    ann.refresh_from_db()
    assert not ann.is_active and ann.username == f"closed-{ann.pk}"
    assert token_client.get("/api/me/").status_code == 401, "its tokens went with it"
    login = {"username": "ann", "password": PASSWORD}
    assert APIClient().post("/api/auth/login/", login, format="json").status_code == 401


def test_close_400_with_a_wrong_password_changes_nothing(
    token_client: APIClient, ann: User
) -> None:
    response = token_client.post("/api/auth/close/", {"password": "nope"}, format="json")
    assert response.status_code == 400
    assert error_of(response)["code"] == "wrong_password"
    ann.refresh_from_db()
    assert ann.is_active and ann.username == "ann"


def test_close_400_without_a_password_as_text(token_client: APIClient) -> None:
    for body in ({}, {"password": ""}, {"password": 7}, {"password": [PASSWORD]}):
        response = token_client.post("/api/auth/close/", body, format="json")
        assert response.status_code == 400, body


def test_close_401_when_not_signed_in_and_403_without_csrf(csrf_session: APIClient) -> None:
    closing = {"password": PASSWORD}
    assert APIClient().post("/api/auth/close/", closing, format="json").status_code == 401
    assert csrf_session.post("/api/auth/close/", closing, format="json").status_code == 403


# --- token for credentials --------------------------------------------------------------------

OBTAIN = {"username": "ann", "password": PASSWORD, "name": "my bot"}


def test_token_201_gives_a_key_that_authenticates(ann: User) -> None:
    response = APIClient().post("/api/auth/token/", OBTAIN, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "my bot" and body["prefix"] == body["key"][:8]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {body['key']}")
    assert client.get("/api/me/").json()["username"] == "ann"
    assert ApiToken.objects.get().last_used_at is not None


def test_token_400_without_a_name(ann: User) -> None:
    response = APIClient().post(
        "/api/auth/token/", {"username": "ann", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 400
    assert set(error_of(response)["fields"]) == {"name"}


def test_token_401_with_a_wrong_password(ann: User) -> None:
    response = APIClient().post("/api/auth/token/", {**OBTAIN, "password": "wrong"}, format="json")
    assert response.status_code == 401
    assert not ApiToken.objects.exists()


def test_token_403_from_a_session_without_csrf(csrf_session: APIClient) -> None:
    assert csrf_session.post("/api/auth/token/", OBTAIN, format="json").status_code == 403
