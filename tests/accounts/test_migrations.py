"""Data migrations of accounts, run over rows as the earlier schema left them."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from accounts.models import COMPUTER_RATINGS, Rating
from games.choices import BotLevel

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_computer_players_unmoved_ratings_start_spread_out_by_level() -> None:
    user, rating = models_at(("accounts", "0005_choices_from_registries"))
    hard, easy, _ = computer_players(user)
    person = user.objects.create(username="ann")
    for account in (hard, easy, person):
        rating.objects.create(user=account, variant="bela", value=1500.0)
    rating.objects.create(user=easy, variant="coinche", value=1512.5, rated_matches=3)
    migrate_to([("accounts", "0006_computer_players_spread_out")])
    assert ratings() == {
        ("bot-hard", "bela"): 1700.0,
        ("bot-easy", "bela"): 1300.0,
        ("ann", "bela"): 1500.0,
        ("bot-easy", "coinche"): 1512.5,  # moved by matches: kept
    }
    migrate_to(None)


def test_the_computer_players_ratings_move_to_what_their_matches_measured() -> None:
    user, rating = models_at(("accounts", "0006_computer_players_spread_out"))
    hard, easy, medium = computer_players(user)
    person = user.objects.create(username="ann")
    rating.objects.create(user=hard, variant="bela", value=1700.0)
    rating.objects.create(user=easy, variant="coinche", value=1312.5, rated_matches=3)
    rating.objects.create(user=medium, variant="belote", value=1500.0)
    rating.objects.create(user=person, variant="bela", value=1640.0)
    migrate_to([("accounts", "0007_computer_players_measured")])
    assert ratings() == {
        ("bot-hard", "bela"): COMPUTER_RATINGS[BotLevel.HARD]["bela"],
        ("bot-easy", "coinche"): COMPUTER_RATINGS[BotLevel.EASY]["coinche"] + 12.5,  # its drift
        ("bot-medium", "belote"): 1500.0,
        ("ann", "bela"): 1640.0,
    }
    migrate_to([("accounts", "0006_computer_players_spread_out")])
    assert ratings()[("bot-hard", "bela")] == 1700.0, "and back"
    assert ratings()[("bot-easy", "coinche")] == 1312.5
    migrate_to(None)


def models_at(target: tuple[str, str]) -> tuple[Any, Any]:
    """The test database migrated back to `target`: its User and Rating models as they were."""
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    old = executor.loader.project_state([target]).apps
    return old.get_model("accounts", "User"), old.get_model("accounts", "Rating")


def computer_players(user: Any) -> tuple[Any, Any, Any]:
    """The hard, easy and medium computer players' accounts, in an earlier schema's model."""
    hard, easy, medium = (
        user.objects.create(username=f"bot-{level}", is_bot=True, bot_level=level)
        for level in ("hard", "easy", "medium")
    )
    return hard, easy, medium


def migrate_to(targets: list[tuple[str, str]] | None) -> None:
    """Migrate the test database to `targets` (None: the latest)."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets or executor.loader.graph.leaf_nodes())


def ratings() -> dict[tuple[str, str], float]:
    return {(r.user.username, r.variant): r.value for r in Rating.objects.select_related("user")}
