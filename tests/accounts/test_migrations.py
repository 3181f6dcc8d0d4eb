"""Data migrations of accounts, run over rows as the earlier schema left them."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from accounts.models import Rating

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_computer_players_unmoved_ratings_start_spread_out_by_level() -> None:
    executor = MigrationExecutor(connection)
    before = [("accounts", "0005_choices_from_registries")]
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    user, rating = old.get_model("accounts", "User"), old.get_model("accounts", "Rating")
    hard = user.objects.create(username="bot-hard", is_bot=True, bot_level="hard")
    easy = user.objects.create(username="bot-easy", is_bot=True, bot_level="easy")
    person = user.objects.create(username="ann")
    for account in (hard, easy, person):
        rating.objects.create(user=account, variant="bela", value=1500.0)
    rating.objects.create(user=easy, variant="coinche", value=1512.5, rated_matches=3)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    values = {(r.user.username, r.variant): r.value for r in Rating.objects.select_related("user")}
    assert values == {
        ("bot-hard", "bela"): 1700.0,
        ("bot-easy", "bela"): 1300.0,
        ("ann", "bela"): 1500.0,
        ("bot-easy", "coinche"): 1512.5,  # moved by matches: kept
    }
