"""A seeded event replays identically at any match length: each table draws its hands, its
first dealer and its bots' choices from the event's seed, its round and its number, never from
its id or the clock."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import DealSeed, Table
from tests.tournaments.factories import play_deals, ready_to_start
from tournaments import services
from tournaments.models import Round, RoundTable, Tournament
from tournaments.rounds import round_start

SEED = 20261202


def _play_round_one(**settings: Any) -> list[tuple[list[str], list[int], int]]:
    """Round 1 of a seeded event played to its end: each table's decks, score, hands."""
    event, _ = ready_to_start(bot_entries=4, rated=False, **settings)
    Tournament.objects.filter(pk=event.pk).update(seed=SEED)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_start(round_id=Round.objects.get(tournament=event, number=1).pk)
    played = []
    for seat in RoundTable.objects.filter(round__tournament=event).order_by("number"):
        table = seat.table
        assert table is not None
        play_deals(table, 1000)
        table.refresh_from_db()
        assert table.status == Table.Status.FINISHED
        seeds = DealSeed.objects.filter(table=table).order_by("hand")
        played.append(
            ([row.seed for row in seeds], list(table.match.score), table.match.hands_played)
        )
    return played


@pytest.mark.django_db
@pytest.mark.parametrize(
    "settings",
    [
        {"match_deals": None, "house_rules": {"target": 501}},
        {"match_deals": 2},
        {"match_deals": None, "house_rules": {"target": 501}, "format": "single_elimination"},
        {"match_deals": 2, "format": "duplicate"},
    ],
    ids=["to-the-target", "fixed-deals", "knockout-to-the-target", "duplicate"],
)
def test_the_same_seeded_event_deals_and_plays_the_same_matches(settings: dict[str, Any]) -> None:
    first = _play_round_one(**settings)
    second = _play_round_one(**settings)
    assert first == second
    assert all(hands >= 1 for _, _, hands in first)
