"""An event's entrants' accuracy: their card decisions in its matches, on the API."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.analyses import hand_analyse
from games.models import TableEvent
from tests.tournaments.factories import play_deals, ready_to_start
from tournaments import services
from tournaments.models import Round, RoundTable
from tournaments.rounds import round_start

pytestmark = pytest.mark.django_db


def test_each_entrant_has_its_accuracy_in_the_events_matches() -> None:
    event, _ = ready_to_start(bot_entries=2, match_deals=1, swiss_rounds=1)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_start(round_id=Round.objects.get(tournament=event, number=1).pk)
    (pairing,) = RoundTable.objects.filter(round__tournament=event)
    table = pairing.table
    assert table is not None
    play_deals(table, 1)
    for end in TableEvent.objects.filter(table=table, kind="hand_end"):
        hand_analyse(table_id=table.pk, number=end.hand)
    answer = APIClient().get(f"/api/tournaments/{event.pk}/accuracy/")
    assert answer.status_code == 200
    players = answer.json()
    names = {u.username for e in event.entries.all() for u in e.players()}
    assert {p["player"] for p in players} == names
    assert all(p["accuracy"][0]["variant"] == "bela" for p in players if p["accuracy"])
    assert sum(line["decisions"] for p in players for line in p["accuracy"]) > 0
    assert APIClient().get("/api/tournaments/999999/accuracy/").status_code == 404
    page = APIClient().get(f"/tournaments/{event.pk}/").content.decode()
    assert 'id="entrant-accuracy"' in page and "Card play accuracy" in page
