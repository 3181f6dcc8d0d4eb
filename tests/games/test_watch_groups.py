"""A duplicate round's tables over HTTP: its players are kept off the other tables, onlookers
see a deal once every table has finished it."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from games.models import Match, TableEvent
from games.watching import REFUSED
from tests.games.duplicate_tables import duplicate_pair, play_hands
from tests.games.factories import person

pytestmark = pytest.mark.django_db


def browser(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_a_player_of_the_round_may_not_watch_its_other_tables_until_they_all_finish() -> None:
    first, people, second = duplicate_pair()
    player = people[1]
    for path in ("/", "/hands/", "/hands/1/"):
        response = browser(player).get(f"/tables/{second.pk}{path}")
        assert response.status_code == 403, path
        assert "You play in this duplicate round" in response.content.decode()
    response = api(player).get(f"/api/tables/{second.pk}/")
    assert response.status_code == 403
    assert response.json()["error"] == {
        "code": "watch_refused", "message": REFUSED, "fields": {},
    }  # fmt: skip
    own = api(player).get(f"/api/tables/{first.pk}/").json()["snapshot"]
    assert own["seat"] == 1 and len(own["view"]["hand"]) > 0
    assert browser(player).get(f"/tables/{first.pk}/").status_code == 200
    play_hands(second, 2)
    play_hands(first, 2)
    assert browser(player).get(f"/tables/{second.pk}/").status_code == 200
    replay = browser(player).get(f"/tables/{second.pk}/hands/2/")
    assert replay.status_code == 200


def test_onlookers_see_a_deal_once_every_table_has_finished_it() -> None:
    first, people, second = duplicate_pair()
    onlooker = person("onlooker")
    for viewer in (onlooker, None):
        snapshot = api(viewer).get(f"/api/tables/{second.pk}/").json()["snapshot"]
        assert snapshot["view"] is None and snapshot["table"]["withheld"]
        assert snapshot["table"]["match"]["hands"] == 0
    play_hands(second, 2)
    snapshot = api(onlooker).get(f"/api/tables/{second.pk}/").json()["snapshot"]
    assert snapshot["view"] is None and snapshot["table"]["match"]["score"] == [0, 0]
    page = browser(onlooker).get(f"/tables/{second.pk}/hands/").content.decode()
    assert f"/tables/{second.pk}/hands/1/" not in page and 'id="withheld"' in page
    assert browser(onlooker).get(f"/tables/{second.pk}/hands/1/").status_code == 403
    # Its finished match (score, replay link) is not listed while the round plays on.
    finished = Match.objects.get(table=second)
    assert finished.finished_at is not None
    assert api(onlooker).get("/api/matches/").json()["results"] == []
    assert api(onlooker).get(f"/api/matches/{finished.pk}/").status_code == 404
    # The people's own table lists its finished hands to them, whatever the others did.
    play_hands(first, 1)
    ends = TableEvent.objects.filter(table=second, kind=TableEvent.Kind.HAND_END).order_by("hand")
    snapshot = api(onlooker).get(f"/api/tables/{second.pk}/").json()["snapshot"]
    assert snapshot["view"]["result"] == ends[0].payload["result"]
    assert snapshot["table"]["match"]["score"] == ends[0].payload["result"]["match_score"]
    assert snapshot["table"]["match"]["hands"] == 1
    page = browser(onlooker).get(f"/tables/{second.pk}/hands/").content.decode()
    assert f"/tables/{second.pk}/hands/1/" in page and f"/tables/{second.pk}/hands/2/" not in page
    assert browser(onlooker).get(f"/tables/{second.pk}/hands/1/").status_code == 200
    assert browser(onlooker).get(f"/tables/{second.pk}/hands/2/").status_code == 403
    own = browser(people[0]).get(f"/tables/{first.pk}/hands/").content.decode()
    assert f"/tables/{first.pk}/hands/1/" in own and 'id="withheld"' not in own
    play_hands(first, 2)
    snapshot = api(onlooker).get(f"/api/tables/{second.pk}/").json()["snapshot"]
    assert "withheld" not in snapshot["table"] and snapshot["table"]["status"] == "finished"
    assert browser(onlooker).get(f"/tables/{second.pk}/hands/2/").status_code == 200
    listed = api(onlooker).get("/api/matches/").json()["results"]
    assert sorted(m["table"] for m in listed) == [first.pk, second.pk]
