"""The tables API: list, create, read your own view, join, act; refusals in the error shape."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from config.errors import ServiceError
from games.models import Table
from games.services import table_create_in_lobby
from tests.games.factories import people_table, person, stack_hand

pytestmark = pytest.mark.django_db

HANDS = [
    "7c 8c 9c 7d 8d 9d 7h 8h",
    "Ac Kc Qc Ad Kd Ah Kh Qh",
    "Jc Tc Jd Td Qd Jh Th 9h",
    "As Ks Qs Js Ts 9s 8s 7s",
]


def signed_in(user: object) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_create_a_game_against_the_computer() -> None:
    response = signed_in(person()).post(
        "/api/tables/", {"variant": "coinche", "house_rules": {"target": 1000}}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "playing" and body["house_rules"] == {"target": 1000}
    assert [s["bot"] for s in body["seats"]] == [False, True, True, True]
    assert body["snapshot"]["seat"] == 0 and len(body["snapshot"]["view"]["hand"]) == 8


def test_a_table_opened_for_people_waits_for_them_when_they_are_all_gone() -> None:
    creator = person()
    response = signed_in(creator).post(
        "/api/tables/", {"variant": "bela", "opponents": "open"}, format="json"
    )
    assert response.status_code == 201 and response.json()["status"] == "open"
    table = Table.objects.get()
    assert table.waits_for_people and table.seats.get(number=0).user == creator


def test_unknown_opponents_are_refused_by_the_api_and_the_service_alike() -> None:
    response = signed_in(person()).post(
        "/api/tables/", {"variant": "bela", "opponents": "people"}, format="json"
    )
    assert response.status_code == 400 and "opponents" in response.json()["error"]["fields"]
    with pytest.raises(ServiceError, match="Unknown opponents 'people'"):
        table_create_in_lobby(user=person(), opponents="people", variant="bela")
    assert not Table.objects.exists()


def test_creating_needs_a_sign_in_and_a_known_rule() -> None:
    assert APIClient().post("/api/tables/", {"variant": "bela"}, format="json").status_code in (
        401,
        403,
    )
    response = signed_in(person()).post(
        "/api/tables/", {"variant": "bela", "house_rules": {"jokers": True}}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"
    assert not Table.objects.exists()


def test_list_and_filter_tables() -> None:
    table, _ = people_table("bela")
    body = APIClient().get("/api/tables/?status=playing").json()
    assert [t["id"] for t in body["results"]] == [table.pk]
    assert APIClient().get("/api/tables/?status=open").json()["results"] == []


def test_a_spectator_reads_the_public_view_only() -> None:
    table, _ = people_table("bela")
    body = APIClient().get(f"/api/tables/{table.pk}/").json()
    assert body["snapshot"]["seat"] is None and "hand" not in body["snapshot"]["view"]
    assert APIClient().get("/api/tables/999999/").status_code == 404


def test_act_through_the_api() -> None:
    table, users = people_table("bela")
    stack_hand(table, HANDS, dealer=0)
    client = signed_in(users[1])
    stale = client.post(
        f"/api/tables/{table.pk}/actions/", {"bid": "hearts", "version": 0}, format="json"
    )
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale_version"
    table.refresh_from_db()
    done = client.post(
        f"/api/tables/{table.pk}/actions/",
        {"bid": "hearts", "version": table.version},
        format="json",
    )
    assert done.status_code == 200 and done.json() == {"version": table.version + 1}
    illegal = signed_in(users[2]).post(
        f"/api/tables/{table.pk}/actions/", {"play": "Ac"}, format="json"
    )
    assert illegal.status_code == 400
    assert illegal.json()["error"] == {
        "code": "out_of_turn",
        "message": "It is seat 1's turn",
        "fields": {},
    }
    spectator = signed_in(person()).post(
        f"/api/tables/{table.pk}/actions/", {"play": "Ac"}, format="json"
    )
    assert spectator.status_code == 403


def test_an_action_needs_exactly_one_of_bid_and_play() -> None:
    table, users = people_table("bela")
    response = signed_in(users[0]).post(
        f"/api/tables/{table.pk}/actions/", {"bid": "pass", "play": "Ac"}, format="json"
    )
    assert response.status_code == 400


@pytest.mark.parametrize("word", ["\u00b9\u2070\u2070 hearts", "\u0669\u0660 hearts", "080 hearts"])
def test_a_coinche_value_in_other_digits_is_malformed(word: str) -> None:
    table, users = people_table("coinche")
    table.refresh_from_db()
    version = table.version
    client = signed_in(users[(table.match.engine["hand"]["dealer"] + 1) % 4])
    response = client.post(f"/api/tables/{table.pk}/actions/", {"bid": word}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "malformed"
    table.refresh_from_db()
    assert table.version == version


def test_join_an_open_table() -> None:
    host = person()
    created = signed_in(host).post(
        "/api/tables/", {"variant": "bulgarian", "opponents": "open"}, format="json"
    )
    table_id = created.json()["id"]
    joined = signed_in(person()).post(f"/api/tables/{table_id}/join/")
    assert joined.status_code == 200
    assert [s["name"] is not None for s in joined.json()["seats"]] == [True, True, False, False]
    again = signed_in(host).post(f"/api/tables/{table_id}/join/")
    assert again.status_code == 400 and again.json()["error"]["code"] == "already_seated"
