"""Password guessing is slowed per username and address, per address and per username, on the
web page and in the API, without a switch that locks someone else out."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.login_guard import (
    KNOWN_ADDRESS_DAYS,
    MAX_FAILURES_PER_IP,
    MAX_FAILURES_PER_USERNAME,
    MAX_FAILURES_PER_USERNAME_AND_IP,
    WINDOW,
    LoginThrottled,
)
from accounts.models import KnownAddress, LoginFailure
from tests.accounts.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def web_login(client: Client, username: str, password: str, ip: str = "10.0.0.1") -> int:
    response = client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=ip
    )
    return response.status_code


def test_wrong_password_says_so_without_saying_which_part() -> None:
    make_user("ann")
    response = Client().post("/accounts/login/", {"username": "ann", "password": "nope"})
    assert response.status_code == 200
    assert "The username or password is not right." in response.content.decode()


def test_five_failures_lock_that_address_out_of_that_account() -> None:
    make_user("ann")
    client = Client()
    for attempt in range(MAX_FAILURES_PER_USERNAME_AND_IP):
        assert web_login(client, "ann", f"guess {attempt}") == 200
    response = client.post(
        "/accounts/login/", {"username": "ann", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )
    assert response.status_code == 429
    assert "Too many failed sign-ins; try again in 15 minutes." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_failures_sent_from_another_address_never_lock_the_owner_out() -> None:
    make_user("ann")
    for attempt in range(MAX_FAILURES_PER_USERNAME_AND_IP * 2):
        web_login(Client(), "ann", f"guess {attempt}", ip="203.0.113.9")
    assert web_login(Client(), "ann", PASSWORD, ip="10.0.0.1") == 302
    api = APIClient().post(
        "/api/auth/login/",
        {"username": "ann", "password": PASSWORD},
        format="json",
        REMOTE_ADDR="10.0.0.2",
    )
    assert api.status_code == 200


def test_guessing_spread_over_many_addresses_is_braked_except_where_the_owner_signs_in() -> None:
    make_user("ann")
    assert web_login(Client(), "ann", PASSWORD, ip="10.0.0.1") == 302
    for attempt in range(MAX_FAILURES_PER_USERNAME):
        web_login(Client(), "ann", "guess", ip=f"198.51.100.{attempt}")
    assert web_login(Client(), "ann", PASSWORD, ip="198.51.100.250") == 429
    assert web_login(Client(), "ann", PASSWORD, ip="10.0.0.1") == 302


def test_an_owners_sign_in_leaves_other_addresses_failures_counting() -> None:
    make_user("ann")
    for attempt in range(MAX_FAILURES_PER_USERNAME_AND_IP - 1):
        web_login(Client(), "ann", f"guess {attempt}", ip="203.0.113.9")
    assert web_login(Client(), "ann", PASSWORD, ip="10.0.0.1") == 302
    web_login(Client(), "ann", "one more", ip="203.0.113.9")
    assert web_login(Client(), "ann", PASSWORD, ip="203.0.113.9") == 429


def test_changing_the_case_of_the_username_does_not_reset_the_count() -> None:
    make_user("ann")
    client = Client()
    for attempt in range(MAX_FAILURES_PER_USERNAME_AND_IP):
        web_login(client, "ANN" if attempt % 2 else "ann", f"guess {attempt}")
    assert web_login(client, "ann", PASSWORD) == 429


def test_one_address_guessing_many_usernames_is_locked() -> None:
    make_user("victim")
    client = Client()
    for attempt in range(MAX_FAILURES_PER_IP):
        web_login(client, f"user{attempt}", "guess", ip="192.0.2.7")
    assert web_login(client, "victim", PASSWORD, ip="192.0.2.7") == 429
    # Another address may still sign in to the same account.
    assert web_login(client, "victim", PASSWORD, ip="192.0.2.8") == 302


def test_lock_lifts_once_the_failures_age_out() -> None:
    make_user("ann")
    client = Client()
    for attempt in range(MAX_FAILURES_PER_USERNAME_AND_IP):
        web_login(client, "ann", f"guess {attempt}")
    LoginFailure.objects.update(at=timezone.now() - WINDOW - timedelta(seconds=1))
    assert web_login(client, "ann", PASSWORD) == 302


def test_success_clears_the_usernames_failures() -> None:
    make_user("ann")
    client = Client()
    for attempt in range(MAX_FAILURES_PER_USERNAME_AND_IP - 1):
        web_login(client, "ann", f"guess {attempt}")
    assert web_login(client, "ann", PASSWORD) == 302
    assert not LoginFailure.objects.filter(username="ann").exists()


def test_api_login_is_throttled_with_retry_after() -> None:
    make_user("ann")
    client = APIClient()
    for attempt in range(MAX_FAILURES_PER_USERNAME_AND_IP):
        response = client.post(
            "/api/auth/login/", {"username": "ann", "password": f"x{attempt}"}, format="json"
        )
        assert response.status_code == 401
        assert response.json()["error"]["code"] == "invalid_credentials"
    response = client.post(
        "/api/auth/login/", {"username": "ann", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 429
    assert response.json()["error"] == {
        "code": "login_throttled",
        "message": "Too many failed sign-ins; try again in 15 minutes.",
        "fields": {},
    }
    assert 890 <= int(response["Retry-After"]) <= 900


def test_token_endpoint_shares_the_same_brake() -> None:
    make_user("ann")
    client = APIClient()
    for attempt in range(MAX_FAILURES_PER_USERNAME_AND_IP):
        client.post(
            "/api/auth/login/", {"username": "ann", "password": f"x{attempt}"}, format="json"
        )
    response = client.post(
        "/api/auth/token/", {"username": "ann", "password": PASSWORD, "name": "bot"}, format="json"
    )
    assert response.status_code == 429


def test_throttle_message_counts_whole_minutes() -> None:
    assert str(LoginThrottled(61)) == "Too many failed sign-ins; try again in 2 minutes."
    assert str(LoginThrottled(5)) == "Too many failed sign-ins; try again in 1 minute."


def test_an_address_not_signed_in_from_for_months_is_braked_like_any_other() -> None:
    make_user("ann")
    assert web_login(Client(), "ann", PASSWORD, ip="10.0.0.1") == 302
    KnownAddress.objects.update(last_seen=timezone.now() - timedelta(days=KNOWN_ADDRESS_DAYS + 1))
    for attempt in range(MAX_FAILURES_PER_USERNAME):
        web_login(Client(), "ann", "guess", ip=f"198.51.100.{attempt}")
    assert web_login(Client(), "ann", PASSWORD, ip="10.0.0.1") == 429
