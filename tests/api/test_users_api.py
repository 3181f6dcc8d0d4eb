"""Players, profiles and rating histories in the API."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import match_rate
from games.choices import BotLevel
from tests.accounts.factories import finished_match, make_user
from tests.api.conftest import error_of

pytestmark = pytest.mark.django_db


def test_users_200_lists_people_and_bots_with_ratings(ann: User) -> None:
    User.bot_account(level=BotLevel.EASY, rating=1300)
    body = APIClient().get("/api/users/").json()
    assert [u["username"] for u in body["results"]] == ["ann", "bot-easy"]
    bot = body["results"][1]
    assert (bot["is_bot"], bot["bot_level"]) == (True, "easy")
    assert {r["variant"]: r["value"] for r in bot["ratings"]}["bela"] == 1300.0


def test_users_400_for_a_page_size_out_of_range() -> None:
    response = APIClient().get("/api/users/?page_size=0")
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"page_size": ["A whole number from 1 to 200."]}


@pytest.mark.parametrize("page", ["", "x", "0", "-1"])
def test_users_400_for_a_page_that_is_not_a_whole_number_from_1(page: str) -> None:
    response = APIClient().get(f"/api/users/?page={page}")
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"page": ["A whole number from 1."]}


def test_users_404_past_the_last_page(ann: User) -> None:
    response = APIClient().get("/api/users/?page=9")
    assert response.status_code == 404
    assert error_of(response)["message"] == "Invalid page."


def test_users_401_with_a_bad_token(bad_token: APIClient) -> None:
    assert bad_token.get("/api/users/").status_code == 401


def test_user_200_shows_the_public_profile(ann: User) -> None:
    body = APIClient().get("/api/users/ann/").json()
    assert body == {
        "username": "ann",
        "display_name": "Ann",
        "country": "",
        "preferred_variant": "",
        "is_bot": False,
        "bot_level": "",
        "date_joined": body["date_joined"],
        "ratings": [],
    }


def test_user_404_for_an_unknown_username() -> None:
    response = APIClient().get("/api/users/nobody/")
    assert response.status_code == 404
    assert error_of(response)["code"] == "not_found"


def test_patch_200_updates_ones_own_profile(token_client: APIClient, ann: User) -> None:
    response = token_client.patch(
        "/api/users/ann/", {"country": "HR", "preferred_variant": "bela"}, format="json"
    )
    assert response.status_code == 200
    ann.refresh_from_db()
    assert (ann.country, ann.preferred_variant, ann.display_name) == ("HR", "bela", "Ann")


def test_patch_ignores_read_only_fields(token_client: APIClient, ann: User) -> None:
    token_client.patch("/api/users/ann/", {"is_bot": True, "username": "x"}, format="json")
    ann.refresh_from_db()
    assert (ann.username, ann.is_bot) == ("ann", False)


def test_patch_400_for_a_bad_country_and_rule_set(token_client: APIClient) -> None:
    response = token_client.patch(
        "/api/users/ann/", {"country": "Bulgaria", "preferred_variant": "chess"}, format="json"
    )
    assert response.status_code == 400
    assert set(error_of(response)["fields"]) == {"country", "preferred_variant"}


def test_patch_401_when_anonymous(ann: User) -> None:
    assert APIClient().patch("/api/users/ann/", {"country": "BG"}, format="json").status_code == 401


def test_patch_403_for_someone_elses_profile(token_client: APIClient) -> None:
    make_user("ben")
    response = token_client.patch("/api/users/ben/", {"display_name": "Mud"}, format="json")
    assert response.status_code == 403
    assert error_of(response)["message"] == "Only the owner of this account may change it."
    assert User.objects.get(username="ben").display_name == ""


def test_patch_403_from_a_session_without_csrf(csrf_session: APIClient) -> None:
    response = csrf_session.patch("/api/users/ann/", {"country": "BG"}, format="json")
    assert response.status_code == 403


def test_patch_404_for_an_unknown_username(token_client: APIClient) -> None:
    assert token_client.patch("/api/users/nobody/", {}, format="json").status_code == 404


def test_put_is_not_offered(token_client: APIClient) -> None:
    response = token_client.put("/api/users/ann/", {}, format="json")
    assert response.status_code == 405
    assert error_of(response)["code"] == "method_not_allowed"


def test_me_200_and_401(token_client: APIClient) -> None:
    assert token_client.get("/api/me/").json()["username"] == "ann"
    assert APIClient().get("/api/me/").status_code == 401


def test_rating_history_200_oldest_first(ann: User) -> None:
    players = [ann, *(make_user(n) for n in ("ben", "cat", "dan"))]
    first = finished_match(players, winner_team=0)
    second = finished_match(players, winner_team=1, variant="coinche")
    match_rate(match_id=first.pk)
    match_rate(match_id=second.pk)
    body = APIClient().get("/api/users/ann/rating-history/").json()
    assert [(c["match"], c["variant"], c["before"], c["after"]) for c in body["results"]] == [
        (first.pk, "belote", 1500.0, 1520.0),
        (second.pk, "coinche", 1500.0, 1480.0),
    ]
    only = APIClient().get("/api/users/ann/rating-history/?variant=coinche").json()
    assert [c["result"] for c in only["results"]] == [0.0]
    assert only["results"][0]["expected"] == 0.5


def test_rating_history_400_for_an_unknown_rule_set(ann: User) -> None:
    response = APIClient().get("/api/users/ann/rating-history/?variant=chess")
    assert response.status_code == 400
    assert set(error_of(response)["fields"]) == {"variant"}


def test_rating_history_404_for_an_unknown_player() -> None:
    assert APIClient().get("/api/users/nobody/rating-history/").status_code == 404


def test_rating_history_401_with_a_bad_token(bad_token: APIClient, ann: User) -> None:
    assert bad_token.get("/api/users/ann/rating-history/").status_code == 401
