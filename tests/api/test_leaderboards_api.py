"""Leaderboards per rule set: ranked, paginated, provisional ratings marked."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.accounts.factories import make_user, rate
from tests.api.conftest import error_of

pytestmark = pytest.mark.django_db


def test_leaderboard_200_ranks_and_marks_provisional() -> None:
    rate(make_user("low"), "bela", 1400, 30)
    rate(make_user("high"), "bela", 1650, 5)
    rate(make_user("tie"), "bela", 1400, 21)
    rate(make_user("elsewhere"), "coinche", 2000, 40)
    rate(make_user("newcomer"), "bela", 1900, 2)
    body = APIClient().get("/api/leaderboards/bela/").json()
    rows = [
        (r["rank"], r["player"]["username"], r["value"], r["provisional"]) for r in body["results"]
    ]
    assert rows == [(1, "high", 1650.0, True), (2, "low", 1400.0, False), (3, "tie", 1400.0, False)]


def test_leaderboard_pages_keep_counting_ranks() -> None:
    for index in range(5):
        rate(make_user(f"p{index}"), "belote", 1500 + index, 3)
    body = APIClient().get("/api/leaderboards/belote/?page=2&page_size=2").json()
    assert body["count"] == 5
    assert [(r["rank"], r["player"]["username"]) for r in body["results"]] == [(3, "p2"), (4, "p1")]
    assert body["next"].endswith("page=3&page_size=2")


def test_leaderboard_400_for_a_bad_page_size() -> None:
    response = APIClient().get("/api/leaderboards/belote/?page_size=abc")
    assert response.status_code == 400
    assert set(error_of(response)["fields"]) == {"page_size"}


def test_leaderboard_404_for_an_unknown_rule_set() -> None:
    response = APIClient().get("/api/leaderboards/chess/")
    assert response.status_code == 404
    assert error_of(response)["message"] == "No rule set 'chess'."


def test_leaderboard_404_past_the_last_page() -> None:
    assert APIClient().get("/api/leaderboards/bela/?page=2").status_code == 404


def test_leaderboard_401_with_a_bad_token(bad_token: APIClient) -> None:
    assert bad_token.get("/api/leaderboards/bela/").status_code == 401


def test_leaderboard_is_read_only() -> None:
    response = APIClient().post("/api/leaderboards/bela/", {}, format="json")
    assert response.status_code == 405
