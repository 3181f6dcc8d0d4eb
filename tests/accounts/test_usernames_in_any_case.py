"""A username is one name whatever its case: nobody joins as `ANN` beside `ann`, and `Ann` signs
in as `ann`."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import user_register
from config.errors import ServiceError
from tests.accounts.factories import PASSWORD, make_user
from tests.api.conftest import error_of

NEW = {"username": "PLAYER_x", "password": PASSWORD}


@pytest.mark.django_db
def test_the_api_refuses_a_name_taken_in_another_case() -> None:
    make_user("player_x")
    response = APIClient().post("/api/auth/register/", NEW, format="json")
    assert response.status_code == 400
    assert error_of(response)["fields"] == {
        "username": ["A user with that username already exists."]
    }
    assert User.objects.count() == 1


@pytest.mark.django_db
def test_the_sign_up_page_refuses_a_name_taken_in_another_case() -> None:
    make_user("player_x")
    form = {"username": "PLAYER_x", "password1": PASSWORD, "password2": PASSWORD}
    response = Client().post("/accounts/register/", form)
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.django_db
def test_a_sign_up_racing_past_the_check_is_refused_by_the_database() -> None:
    make_user("player_x")
    with pytest.raises(ServiceError) as refused:
        user_register(username="PLAYER_X", password=PASSWORD)
    assert refused.value.code == "username_taken"


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["ann", "Ann", "ANN"])
def test_sign_in_takes_the_name_in_any_case(typed: str) -> None:
    make_user("Ann")
    api = APIClient().post(
        "/api/auth/token/", {"username": typed, "password": PASSWORD, "name": "t"}, format="json"
    )
    assert api.status_code == 201
    client = Client()
    page = client.post("/accounts/login/", {"username": typed, "password": PASSWORD})
    assert page.status_code == 302
    assert client.session["_auth_user_id"] == str(User.objects.get().pk)


@pytest.mark.django_db(transaction=True)
def test_the_migration_renames_later_accounts_that_differ_only_in_case() -> None:
    executor = MigrationExecutor(connection)
    before = [("accounts", "0002_profile_history_tokens_login")]
    executor.migrate(before)
    old_user = executor.loader.project_state(before).apps.get_model("accounts", "User")
    for name in ("player_x", "PLAYER_x", "Player_X", "player_x-2", "someone"):
        old_user.objects.create(username=name)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    names = list(User.objects.order_by("id").values_list("username", flat=True))
    assert names == ["player_x", "PLAYER_x-3", "Player_X-4", "player_x-2", "someone"]


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["ann", "Ann", "ANN"])
def test_a_players_page_and_profile_are_found_in_any_case(typed: str) -> None:
    make_user("Ann")
    page = Client().get(f"/players/{typed}/")
    if typed == "Ann":
        assert page.status_code == 200
    else:
        assert (page.status_code, page["Location"]) == (302, "/players/Ann/")
    api = APIClient()
    assert api.get(f"/api/users/{typed}/").json()["username"] == "Ann"
    assert api.get(f"/api/users/{typed}/rating-history/").status_code == 200
    assert api.get(f"/api/users/{typed}/accuracy/").status_code == 200
