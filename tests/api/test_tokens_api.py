"""Listing, creating and revoking one's API tokens."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import ApiToken, User
from accounts.services import token_create
from tests.accounts.factories import make_user
from tests.api.conftest import error_of

pytestmark = pytest.mark.django_db


def test_list_200_shows_only_ones_own_tokens_without_keys(token_client: APIClient) -> None:
    token_create(user=make_user("ben"), name="bens")
    response = token_client.get("/api/tokens/")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 1
    assert set(body["results"][0]) == {"id", "name", "prefix", "created_at", "last_used_at"}


def test_list_401_when_anonymous() -> None:
    assert APIClient().get("/api/tokens/").status_code == 401


def test_create_201_returns_the_key_once(token_client: APIClient) -> None:
    response = token_client.post("/api/tokens/", {"name": "second"}, format="json")
    assert response.status_code == 201
    assert len(response.json()["key"]) >= 40
    listed = token_client.get("/api/tokens/").json()["results"]
    assert {t["name"] for t in listed} == {"tests", "second"}
    assert all("key" not in t for t in listed)


def test_create_400_without_a_string_name(token_client: APIClient) -> None:
    response = token_client.post("/api/tokens/", {"name": 7}, format="json")
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"name": ["Not a valid string."]}


def test_create_401_when_anonymous() -> None:
    assert APIClient().post("/api/tokens/", {"name": "x"}, format="json").status_code == 401


def test_create_403_from_a_session_without_csrf(csrf_session: APIClient) -> None:
    assert csrf_session.post("/api/tokens/", {"name": "x"}, format="json").status_code == 403


def test_revoke_204_and_the_key_stops_working(ann: User) -> None:
    token, key = token_create(user=ann, name="doomed")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.delete(f"/api/tokens/{token.pk}/").status_code == 204
    response = client.get("/api/me/")
    assert response.status_code == 401
    assert error_of(response)["message"] == "Invalid token."


def test_revoke_404_for_someone_elses_token(token_client: APIClient) -> None:
    theirs, _ = token_create(user=make_user("ben"), name="bens")
    response = token_client.delete(f"/api/tokens/{theirs.pk}/")
    assert response.status_code == 404
    assert error_of(response)["code"] == "not_found"
    assert ApiToken.objects.filter(pk=theirs.pk).exists()


def test_revoke_401_when_anonymous(ann: User) -> None:
    token, _ = token_create(user=ann, name="x")
    assert APIClient().delete(f"/api/tokens/{token.pk}/").status_code == 401


def test_revoke_403_from_a_session_without_csrf(csrf_session: APIClient, ann: User) -> None:
    token, _ = token_create(user=ann, name="x")
    assert csrf_session.delete(f"/api/tokens/{token.pk}/").status_code == 403
    assert ApiToken.objects.filter(pk=token.pk).exists()


def test_an_inactive_accounts_token_is_refused(ann: User) -> None:
    _, key = token_create(user=ann, name="x")
    User.objects.filter(pk=ann.pk).update(is_active=False)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/me/").status_code == 401
