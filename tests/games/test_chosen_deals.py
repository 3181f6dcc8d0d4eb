"""Tables dealt chosen cards for a fixed number of deals, and ended by table_end."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from accounts.models import RatingChange
from config.errors import ServiceError
from games.models import Match, Table, TableEvent
from games.rules.cards import shuffled_deck
from games.services import table_create, table_end
from games.signals import match_finished
from tests.games.factories import people_table, person, play_bots_to_end

pytestmark = pytest.mark.django_db


def deck(seed: int) -> list[str]:
    return [str(card) for card in shuffled_deck(seed)]


DEALS = [
    {"deck": deck(1), "dealer": 2},
    {"deck": deck(2), "dealer": 0},
    {"deck": deck(3), "dealer": 3},
]


def dealt(table: Table) -> list[tuple[list[str], int]]:
    events = TableEvent.objects.filter(table=table, kind=TableEvent.Kind.DEAL).order_by("version")
    return [(e.payload["hand"]["deck"], e.payload["hand"]["dealer"]) for e in events]


def chosen_table(**options: Any) -> Table:
    values: dict[str, Any] = {"max_hands": 3, "deals": DEALS}
    values.update(options)
    return table_create(
        creator=None, variant="bela", bot_seats=(0, 1, 2, 3), bot_delay_ms=0, **values
    )


def test_tables_given_the_same_deals_play_the_same_cards_for_exactly_that_many_deals() -> None:
    first, second = (play_bots_to_end(chosen_table()) for _ in range(2))
    expected = [(d["deck"], d["dealer"]) for d in DEALS]
    assert dealt(first) == dealt(second) == expected
    for table in (first, second):
        match = Match.objects.get(table=table)
        assert match.hands_played == 3 and table.status == Table.Status.FINISHED
        leader = None if match.score[0] == match.score[1] else int(match.score[1] > match.score[0])
        assert match.winner_team == leader
        end = TableEvent.objects.filter(table=table).order_by("version").last()
        assert end is not None and end.kind == TableEvent.Kind.MATCH_END


def test_a_fixed_length_is_played_past_the_target() -> None:
    table = table_create(
        creator=None, variant="bela", house_rules={"target": 501}, bot_seats=(0, 1, 2, 3),
        bot_delay_ms=0, max_hands=12,
    )  # fmt: skip
    play_bots_to_end(table)
    match = Match.objects.get(table=table)
    assert match.hands_played == 12 and max(match.score) > 501


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_hands": 0}, "1 to 100 deals"),
        ({"max_hands": 101}, "1 to 100 deals"),
        ({"max_hands": True}, "1 to 100 deals"),
        ({"max_hands": None}, "need max_hands"),
        ({"max_hands": 4}, "at least that many deals"),
        ({"deals": [{"deck": deck(1)[:31], "dealer": 0}] * 3}, "32 cards once"),
        ({"deals": [{"deck": deck(1)[:31] + ["7c"], "dealer": 0}] * 3}, "32 cards once"),
        ({"deals": [{"deck": [*deck(1)[:31], "Xz"], "dealer": 0}] * 3}, "not a card"),
        ({"deals": [{"deck": deck(1), "dealer": 4}] * 3}, "dealer is a seat 0-3"),
        ({"deals": [{"deck": deck(1), "dealer": 1.0}] * 3}, "dealer is a seat 0-3"),
        ({"deals": [{"deck": "7c 8c", "dealer": 0}] * 3}, "32 cards once"),
        ({"watch_group": "x" * 65}, "at most 64"),
        ({"deals": ["7c"] * 3}, "a list of"),
        ({"deals": {"deck": deck(1), "dealer": 0}}, "a list of"),
    ],
)
def test_bad_lengths_and_deals_are_refused_and_create_nothing(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ServiceError, match=message) as refused:
        chosen_table(**options)
    assert refused.value.code == "invalid"
    assert not Table.objects.exists()


def test_the_api_creates_a_match_of_a_few_deals_and_refuses_zero() -> None:
    client = APIClient()
    client.force_authenticate(person())
    response = client.post("/api/tables/", {"variant": "bela", "max_hands": 0}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["fields"]["max_hands"]
    assert not Table.objects.exists()
    response = client.post("/api/tables/", {"variant": "bela", "max_hands": 2}, format="json")
    assert response.status_code == 201
    assert Table.objects.get().max_hands == 2


def test_table_end_ends_the_match_by_the_score_rates_it_and_tells_the_apps() -> None:
    table, users = people_table("bela", rated=True)
    row = Match.objects.get(table=table)
    ended: list[int] = []

    def record(sender: object, *, table_id: int, **kwargs: object) -> None:
        ended.append(table_id)

    match_finished.connect(record)
    try:
        assert table_end(table_id=table.pk, reason="Time ran out.", score=[120, 40])
        assert not table_end(table_id=table.pk, reason="Again."), "a finished table stays as it is"
    finally:
        match_finished.disconnect(record)
    assert ended == [table.pk]
    table.refresh_from_db()
    row.refresh_from_db()
    assert table.status == Table.Status.FINISHED and row.winner_team == 0 and row.finished_at
    end = TableEvent.objects.filter(table=table).order_by("version").last()
    assert end is not None and end.version == table.version
    assert end.kind == TableEvent.Kind.MATCH_END
    assert end.payload == {"score": [120, 40], "winner": 0, "decided": "Time ran out."}
    assert RatingChange.objects.filter(match=row).count() == 4


def test_table_end_refuses_without_a_reason_or_at_a_table_not_playing() -> None:
    table, _ = people_table("bela")
    version = table.version
    with pytest.raises(ServiceError, match="Say why"):
        table_end(table_id=table.pk, reason=" ")
    with pytest.raises(ServiceError, match="two whole numbers"):
        table_end(table_id=table.pk, reason="x", score=[1])
    open_table = table_create(creator=person(), variant="bela")
    with pytest.raises(ServiceError, match="being played") as refused:
        table_end(table_id=open_table.pk, reason="x")
    assert refused.value.code == "not_playing"
    with pytest.raises(ServiceError) as missing:
        table_end(table_id=999_999, reason="x")
    assert missing.value.code == "not_found"
    table.refresh_from_db()
    assert table.version == version and table.status == Table.Status.PLAYING
