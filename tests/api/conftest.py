"""Clients for the API tests: anonymous, by token, by session with CSRF enforced."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import token_create
from tests.accounts.factories import make_user


@pytest.fixture
def ann(db: None) -> User:
    return make_user("ann", display_name="Ann")


@pytest.fixture
def token_client(ann: User) -> APIClient:
    """Ann, authenticated by an API token."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_create(user=ann, name='tests')[1]}")
    return client


@pytest.fixture
def csrf_session(ann: User) -> APIClient:
    """Ann signed in with a session, sending no CSRF token: unsafe requests must fail."""
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(ann)
    return client


@pytest.fixture
def bad_token() -> APIClient:
    """A client sending a key that was never issued."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-key")
    return client


def error_of(response: object) -> dict:
    """The error object of an API error response, checked for its shape."""
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message", "fields"}
    assert body["error"]["message"]
    return body["error"]
