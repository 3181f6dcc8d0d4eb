"""A finished rated match moves its players' ratings once, with every change recorded."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from accounts.models import Rating, RatingChange, User
from accounts.services import match_rate
from games.choices import BotLevel
from tests.accounts.factories import finished_match, make_user, rate

pytestmark = pytest.mark.django_db


@pytest.fixture
def four() -> list:
    return [make_user(name) for name in ("ann", "ben", "cat", "dan")]


def values(variant: str = "belote") -> dict[str, float]:
    ratings = Rating.objects.filter(variant=variant).select_related("user")
    return {r.user.username: round(r.value, 4) for r in ratings}


def test_first_match_of_new_players_moves_each_by_20(four: list) -> None:
    match = finished_match(four, winner_team=1)
    changes = match_rate(match_id=match.pk)
    assert len(changes) == 4
    assert values() == {"ann": 1480.0, "ben": 1520.0, "cat": 1480.0, "dan": 1520.0}
    assert set(Rating.objects.values_list("rated_matches", flat=True)) == {1}


def test_every_change_is_stored_with_before_after_expected_result(four: list) -> None:
    rate(four[0], "belote", 1600, 30)
    rate(four[2], "belote", 1400, 25)
    rate(four[1], "belote", 1700, 40)
    rate(four[3], "belote", 1500, 20)
    match = finished_match(four, winner_team=0)
    match_rate(match_id=match.pk)
    ann = RatingChange.objects.get(match=match, user=four[0])
    assert (ann.variant, ann.before, ann.result) == ("belote", 1600.0, 1.0)
    assert ann.expected == pytest.approx(0.359935, abs=1e-6)
    assert ann.after == pytest.approx(1612.8013, abs=1e-4)
    ben = RatingChange.objects.get(match=match, user=four[1])
    assert (ben.before, ben.result) == (1700.0, 0.0)
    assert ben.after == pytest.approx(1687.1987, abs=1e-4)


def test_rating_twice_changes_nothing_the_second_time(four: list) -> None:
    match = finished_match(four, winner_team=0)
    assert len(match_rate(match_id=match.pk)) == 4
    assert match_rate(match_id=match.pk) == []
    assert values() == {"ann": 1520.0, "ben": 1480.0, "cat": 1520.0, "dan": 1480.0}
    assert RatingChange.objects.count() == 4


def test_unrated_or_unfinished_matches_are_not_rated(four: list) -> None:
    friendly = finished_match(four, winner_team=0, rated=False)
    running = finished_match(four, winner_team=None)
    assert match_rate(match_id=friendly.pk) == []
    assert match_rate(match_id=running.pk) == []
    assert not Rating.objects.exists()


def test_ratings_are_kept_per_rule_set(four: list) -> None:
    match_rate(match_id=finished_match(four, winner_team=0, variant="coinche").pk)
    assert values("coinche")["ann"] == 1520.0
    assert values("belote") == {}


def test_bots_are_rated_like_people(four: list) -> None:
    bot = User.bot_account(level=BotLevel.HARD, rating=1700.0)
    match = finished_match([four[0], bot, four[1], four[2]], winner_team=0)
    match_rate(match_id=match.pk)
    # The bot's team (1700 + 1500) / 2 = 1600 lost to 1500: K 40 x (0 - 0.640065).
    assert Rating.objects.get(user=bot, variant="belote").value == pytest.approx(
        1674.3974, abs=1e-4
    )


@pytest.mark.django_db(transaction=True)
def test_two_raters_at_once_rate_once(four: list) -> None:
    match = finished_match(four, winner_team=0)
    start = threading.Barrier(2)
    results: list[int] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            start.wait()
            results.append(len(match_rate(match_id=match.pk)))
        except BaseException as error:  # reported by the assertion below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert sorted(results) == [0, 4]
    assert RatingChange.objects.count() == 4
    assert values() == {"ann": 1520.0, "ben": 1480.0, "cat": 1520.0, "dan": 1480.0}


def test_a_person_against_one_bot_account_in_three_seats_is_rated_alone(four: list) -> None:
    bot = User.bot_account(level=BotLevel.HARD, rating=1700.0)
    match = finished_match([four[0], bot, bot, bot], winner_team=0)
    changes = match_rate(match_id=match.pk)
    assert [(c.user_id, round(c.after, 4)) for c in changes] == [(four[0].pk, 1525.6026)]
    assert Rating.objects.get(user=bot, variant="belote").value == 1700.0
    assert match_rate(match_id=match.pk) == []
