"""Finished matches in the API: players, score, rating moves and a replay link."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import match_rate
from games.models import Match
from tests.accounts.factories import finished_match, make_user
from tests.api.conftest import error_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def four() -> list[User]:
    return [make_user(name) for name in ("ann", "bob", "cy", "dee")]


def rated_match(players: list[User], variant: str = "belote") -> Match:
    match = finished_match(players, winner_team=0, variant=variant)
    Match.objects.filter(pk=match.pk).update(score=[512, 301], hands_played=7)
    match_rate(match_id=match.pk)
    return match


def test_matches_200_lists_finished_matches_with_players_and_rating_moves(
    four: list[User],
) -> None:
    match = rated_match(four)
    finished_match(four, winner_team=None)  # still being played: not listed
    body = APIClient().get("/api/matches/").json()
    assert body["count"] == 1
    listed = body["results"][0]
    assert listed["id"] == match.pk
    assert (listed["score"], listed["winner_team"], listed["hands_played"]) == ([512, 301], 0, 7)
    assert [(p["seat"], p["team"], p["username"]) for p in listed["players"]] == [
        (0, 0, "ann"), (1, 1, "bob"), (2, 0, "cy"), (3, 1, "dee"),
    ]  # fmt: skip
    moves = {m["username"]: m for m in listed["rating_changes"]}
    assert moves["ann"]["before"] == 1500 and moves["ann"]["after"] == 1520
    assert moves["bob"]["after"] == 1480
    assert listed["replay_url"] == f"/tables/{match.table_id}/hands/"


def test_matches_filter_by_player_and_rule_set(four: list[User]) -> None:
    belote = rated_match(four)
    others = [make_user(name) for name in ("eve", "fay", "gus", "hal")]
    bela = rated_match([four[0], *others[:3]], variant="bela")
    client = APIClient()
    ids = lambda url: [m["id"] for m in client.get(url).json()["results"]]  # noqa: E731
    assert ids("/api/matches/?player=ann") == [bela.pk, belote.pk]
    assert ids("/api/matches/?player=bob") == [belote.pk]
    assert ids("/api/matches/?variant=bela") == [bela.pk]
    assert ids("/api/matches/?player=nobody") == []
    assert ids(f"/api/matches/?table={bela.table_id}") == [bela.pk]


def test_matches_400_for_an_unknown_rule_set() -> None:
    response = APIClient().get("/api/matches/?variant=poker")
    assert response.status_code == 400
    assert list(error_of(response)["fields"]) == ["variant"]


@pytest.mark.parametrize("table", ["x", "0", "-3", "1.5", "9" * 30])
def test_matches_400_for_a_table_filter_that_is_no_tables_number(table: str) -> None:
    response = APIClient().get("/api/matches/", {"table": table})
    assert response.status_code == 400
    assert list(error_of(response)["fields"]) == ["table"]


def test_match_200_and_404(four: list[User]) -> None:
    match = rated_match(four)
    assert APIClient().get(f"/api/matches/{match.pk}/").json()["id"] == match.pk
    unfinished = finished_match(four, winner_team=None)
    for missing in (unfinished.pk, match.pk + 1000):
        response = APIClient().get(f"/api/matches/{missing}/")
        assert response.status_code == 404
        assert error_of(response)["code"] == "not_found"


def test_tables_400_for_an_unknown_status_filter() -> None:
    response = APIClient().get("/api/tables/?status=AAA")
    assert response.status_code == 400
    assert list(error_of(response)["fields"]) == ["status"]
