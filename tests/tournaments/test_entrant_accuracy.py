"""An event's entrants' accuracy: their card decisions in its matches, on the API."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.analyses import hand_analyse
from games.models import TableEvent
from tests.tournaments.factories import play_deals, ready_to_start
from tournaments import services
from tournaments.accuracy import entrant_accuracy
from tournaments.models import Round, RoundTable, Tournament
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


def measured_event(entries: int) -> Tournament:
    """An individuals event of `entries` computer players, its first round played and analysed."""
    event, _ = ready_to_start(
        bot_entries=entries, entry_type=Tournament.EntryType.INDIVIDUALS, match_deals=1
    )
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_start(round_id=Round.objects.get(tournament=event, number=1).pk)
    for pairing in RoundTable.objects.filter(round__tournament=event, table__isnull=False):
        assert pairing.table is not None
        play_deals(pairing.table, 1)
        for end in TableEvent.objects.filter(table=pairing.table, kind="hand_end"):
            hand_analyse(table_id=pairing.table_id, number=end.hand)
    return event


def queries_measuring(event: Tournament) -> int:
    with CaptureQueriesContext(connection) as queries:
        measured = entrant_accuracy(event)
    assert all(entrant["accuracy"] for entrant in measured)
    return len(queries)


def test_an_events_accuracy_reads_as_many_entrants_in_the_same_queries() -> None:
    # One player at a time, it took three queries each: 26 for 8 entrants, 14 for 4.
    assert queries_measuring(measured_event(8)) == queries_measuring(measured_event(4))
