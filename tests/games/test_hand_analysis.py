"""Finished hands analysed off the live path, shown with the replay's own rules."""

from __future__ import annotations

from typing import Any

import pytest
import redis
from rest_framework.test import APIClient

from games.analyses import hand_analyse, player_accuracy
from games.models import HandAnalysis, MatchPlayer, Table, TableEvent
from games.services import (
    table_act,
    table_create,
    table_quit,
    table_seat_hand_over,
    table_take_seat,
)
from tests.games.duplicate_tables import duplicate_pair, play_hands
from tests.games.factories import (
    a_persons_move,
    hand_now,
    people_table,
    person,
    play_as_people,
    play_bots_to_end,
    seat_to_act,
)


def analysis(table: Table, number: int, user: Any = None) -> Any:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client.get(f"/api/tables/{table.pk}/hands/{number}/analysis/")


def bot_match(variant: str = "coinche") -> Table:
    return table_create(
        creator=None, variant=variant, bot_seats=(0, 1, 2, 3), bot_delay_ms=0, max_hands=1
    )


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["bulgarian", "bela", "belote", "coinche"])
def test_a_finished_hand_is_pending_then_ready_with_its_mistakes_first(variant: str) -> None:
    table = play_bots_to_end(bot_match(variant))
    pending = {"hand": 1, "status": "pending", "decisions": [], "auction": []}
    assert analysis(table, 1).json() == pending
    stored = hand_analyse(table_id=table.pk, number=1)
    assert stored is not None and stored.seconds >= 0  # its time: bench/analysis.py
    data = analysis(table, 1).json()
    chosen = {"stand_in": None}  # computer players chose every move of their seats
    assert data["status"] == "ready"
    assert data["decisions"] == [{**d, **chosen} for d in stored.data["decisions"]]
    assert data["auction"] and data["auction"] == [{**c, **chosen} for c in stored.data["auction"]]
    losses = [(-m["loss_view"], -m["loss_perfect"]) for m in data["mistakes"]]
    assert losses == sorted(losses) and all(
        m["loss_view"] or m["loss_perfect"] for m in data["mistakes"]
    )
    assert sum(p["decisions"] for p in data["players"]) == len(data["decisions"])
    # Run twice (a redelivered task): the same analysis, one row.
    hand_analyse(table_id=table.pk, number=1)
    assert HandAnalysis.objects.get(table=table).data == stored.data


@pytest.mark.django_db
def test_a_hand_in_progress_has_no_analysis_for_anyone() -> None:
    table, people = people_table()
    assert hand_analyse(table_id=table.pk, number=1) is None
    for user in (None, *people):
        response = analysis(table, 1, user)
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
    assert not HandAnalysis.objects.exists()


@pytest.mark.django_db
def test_a_duplicate_deal_is_analysed_for_onlookers_only_once_every_table_finished_it() -> None:
    first, people, second = duplicate_pair()
    play_hands(second, 1)
    hand_analyse(table_id=second.pk, number=1)
    onlooker = person()
    assert analysis(second, 1, onlooker).status_code == 403
    assert analysis(second, 1, people[0]).status_code == 403  # a rival of the round
    play_hands(first, 1)
    assert analysis(second, 1, onlooker).json()["status"] == "ready"


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_hand_end_queues_its_analysis_on_its_own_queue(redis_server: Any) -> None:
    people = [person() for _ in range(3)]
    table = table_create(
        creator=people[0], variant="bela", bot_seats=(3,), turn_seconds=3600, max_hands=1,
        bot_delay_ms=0,
    )  # fmt: skip
    for user in people[1:]:
        table_take_seat(table_id=table.pk, user=user)
    client = redis.Redis.from_url(redis_server.url)
    queue = f"{redis_server.queue}-analysis"
    client.delete(queue)
    play_bots_to_end(table)
    assert client.llen(queue) == 1
    assert b"games.hand_analyse" in client.lindex(queue, 0)


def analysed_matches(count: int) -> tuple[list[Any], list[Table]]:
    """Four people's `count` one-hand Bela matches, each hand analysed."""
    people = [person() for _ in range(4)]
    tables = []
    for _ in range(count):
        table = table_create(creator=people[0], variant="bela", turn_seconds=3600, max_hands=1)
        for user in people[1:]:
            table_take_seat(table_id=table.pk, user=user)
        tables.append(play_as_people(table))
        hand_analyse(table_id=table.pk, number=1)
    return people, tables


@pytest.mark.django_db
def test_a_players_accuracy_per_rule_set_with_its_trend_on_the_api_and_profile() -> None:
    people, tables = analysed_matches(2)
    user = people[0]
    mine = [
        d
        for table in tables
        for d in HandAnalysis.objects.get(table=table).data["decisions"]
        if d["seat"] == 0
    ]
    (line,) = player_accuracy(user=user)
    assert line["variant"] == "bela" and line["decisions"] == len(mine) > 0
    assert line["mean_loss_view"] == pytest.approx(
        sum(d["loss_view"] for d in mine) / len(mine), abs=0.01
    )
    assert [t["match"] for t in line["trend"]] == [t.match.pk for t in tables]
    api = APIClient().get(f"/api/users/{user.username}/accuracy/").json()
    assert api[0]["decisions"] == line["decisions"] and len(api[0]["trend"]) == 2
    assert APIClient().get("/api/users/nobody-here/accuracy/").status_code == 404
    page = APIClient().get(f"/players/{user.username}/").content.decode()
    assert "Card play accuracy" in page and "Croatian Bela" in page


@pytest.mark.django_db
def test_accuracy_reads_only_the_latest_seats_it_measures(monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer player holds three seats of every match against the computer: its page read
    every seat it ever held to measure the latest 200 (5 s at 20,000 matches:
    `python bench/player_page.py`). The database picks the latest now."""
    people, tables = analysed_matches(3)
    monkeypatch.setattr("games.analyses.ACCURACY_MATCHES", 2)
    built: list[int] = []
    from_db = MatchPlayer.from_db.__func__

    def counted(cls: type[MatchPlayer], *args: Any) -> MatchPlayer:
        built.append(1)
        return from_db(cls, *args)

    monkeypatch.setattr(MatchPlayer, "from_db", classmethod(counted))
    (line,) = player_accuracy(user=people[0])
    assert [t["match"] for t in line["trend"]] == [t.match.pk for t in tables[1:]]
    assert len(built) == 2, "the two latest seats, not every one"


def decisions_of(table: Table, seat: int) -> list[dict[str, Any]]:
    return [d for d in HandAnalysis.objects.get(table=table).data["decisions"] if d["seat"] == seat]


def four_people(variant: str, hands: int) -> tuple[Table, list[Any]]:
    people = [person() for _ in range(4)]
    table = table_create(creator=people[0], variant=variant, turn_seconds=3600, max_hands=hands)
    for user in people[1:]:
        table_take_seat(table_id=table.pk, user=user)
    return table, people


@pytest.mark.django_db
def test_accuracy_counts_only_the_cards_a_player_chose() -> None:
    # A slow thinker's turns run out and a computer plays them: its cards were counted as the
    # person's, in their profile and in an event's accuracy for its organizer.
    table, people = four_people("belote", 1)
    play_as_people(table, late=frozenset({1}))
    hand_analyse(table_id=table.pk, number=1)
    assert decisions_of(table, 1) and decisions_of(table, 0)
    assert player_accuracy(user=people[1]) == [], "every card of theirs was the computer's"
    (line,) = player_accuracy(user=people[0])
    assert line["decisions"] == len(decisions_of(table, 0))


@pytest.mark.django_db
def test_a_player_who_left_is_counted_for_the_cards_before_only() -> None:
    table, people = four_people("bela", 2)
    play_as_people(table, deals=1)
    table_quit(table_id=table.pk, user=people[2])  # a computer player plays the second hand
    play_as_people(table)
    for number in (1, 2):
        hand_analyse(table_id=table.pk, number=number)
    first, second = HandAnalysis.objects.filter(table=table).order_by("hand")
    before = [d for d in first.data["decisions"] if d["seat"] == 2]
    after = [d for d in second.data["decisions"] if d["seat"] == 2]
    assert before and after
    (line,) = player_accuracy(user=people[2])
    assert line["decisions"] == len(before)


def move_by_person(table: Table, moves: int) -> None:
    """`moves` moves, each chosen by the person to act (the table is all people)."""
    for _ in range(moves):
        seat = seat_to_act(table)
        table_act(
            table_id=table.pk, user=seat.user, action=a_persons_move(table), version=table.version
        )


def ready_analysis(table: Table, number: int) -> dict[str, Any]:
    hand_analyse(table_id=table.pk, number=number)
    data = analysis(table, number).json()
    assert data["status"] == "ready"
    return data


@pytest.mark.django_db
def test_a_hands_analysis_says_which_moves_the_computer_chose_for_a_person() -> None:
    # A slow thinker's turns ran out: the replay named them for the computer's cards, its
    # mistakes and their line of the per-player table.
    table, people = four_people("coinche", 1)
    play_as_people(table, late=frozenset({1}))
    data = ready_analysis(table, 1)
    for move in data["decisions"] + data["auction"]:
        chose = None if move["seat"] != 1 else {"name": None}
        assert move["stand_in"] == chose, move
    players = {p["seat"]: p for p in data["players"]}
    assert players[1]["decisions"] == 0 and players[1]["mean_loss_view"] is None
    assert players[0]["decisions"] == len(decisions_of(table, 0)) > 0


@pytest.mark.django_db
def test_moves_after_a_person_left_mid_hand_are_the_computers_and_the_stand_ins() -> None:
    table, people = four_people("bulgarian", 1)
    # The auction: clubs, then three passes, each a call with a choice; the lead comes next,
    # with eight cards to choose from.
    move_by_person(table, 4)
    assert hand_now(table).phase == "playing"
    before = table.version
    seat = seat_to_act(table)
    organizer_pick = person()
    table_seat_hand_over(table_id=table.pk, user=seat.user, to=organizer_pick)
    play_as_people(table)  # the stand-in, held for by a computer, never opens the table
    data = ready_analysis(table, 1)
    moved = TableEvent.objects.filter(table=table, hand=1, kind__in=["bid", "play"])
    after = {i for i, e in enumerate(moved.order_by("version")) if e.version > before}
    theirs = [m for m in data["decisions"] + data["auction"] if m["seat"] == seat.number]
    assert any(m["action"] in after for m in theirs) and any(
        m["action"] not in after for m in theirs
    )
    for move in theirs:
        expected = {"name": str(organizer_pick)} if move["action"] in after else None
        assert move["stand_in"] == expected, move
    line = next(p for p in data["players"] if p["seat"] == seat.number)
    assert line["decisions"] == sum(
        1 for m in data["decisions"] if m["seat"] == seat.number and m["action"] not in after
    )
