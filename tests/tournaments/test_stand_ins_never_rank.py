"""Stand-ins never rank: table fillers play but stay out of standings and podium; absent
entries keep their place; every page names a computer player the same way."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Seat
from tests.tournaments.factories import play_deals, ready_to_start
from tournaments import services
from tournaments.models import Entry, Round, RoundTable, Standing, Tournament
from tournaments.rounds import round_finalize, round_start

pytestmark = pytest.mark.django_db

INDIVIDUALS = Tournament.EntryType.INDIVIDUALS


def play_all(event: Tournament) -> None:
    number = 1
    while Round.objects.filter(tournament=event, number=number).exists():
        round_ = Round.objects.get(tournament=event, number=number)
        round_start(round_id=round_.pk)
        for table in RoundTable.objects.filter(round=round_, table__isnull=False):
            play_deals(table.table, 1)
        assert round_finalize(round_id=round_.pk)
        number += 1


def test_table_fillers_play_but_never_appear_in_standings_or_on_the_podium() -> None:
    event, _ = ready_to_start(bot_entries=5, entry_type=INDIVIDUALS, swiss_rounds=2)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    play_all(event)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    fillers = set(Entry.objects.filter(tournament=event, filler=True).values_list("pk", flat=True))
    assert len(fillers) == 3
    lines = list(Standing.objects.filter(tournament=event).order_by("rank"))
    assert len(lines) == 5 and not {line.entry_id for line in lines} & fillers
    assert lines[0].rank == 1 and all(1 <= line.rank <= 5 for line in lines)
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    podium = page[page.index('id="podium"') : page.index("</ol>", page.index('id="podium"'))]
    assert "Table filler" not in podium and str(lines[0].entry) in podium


def test_a_filler_has_one_name_on_the_entry_list_at_its_table_and_in_the_results() -> None:
    event, _ = ready_to_start(bot_entries=2, entry_type=INDIVIDUALS)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = Round.objects.get(tournament=event, number=1)
    round_start(round_id=round_.pk)
    fillers = list(Entry.objects.filter(tournament=event, filler=True).order_by("pk"))
    names = [str(entry) for entry in fillers]
    assert names == ["Table filler 1 (Easy)", "Table filler 2 (Easy)"]
    table = RoundTable.objects.get(round=round_)
    seated = {str(seat.user) for seat in Seat.objects.filter(table=table.table)}
    assert set(names) <= seated
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    assert page.count("Table filler 1 (Easy)") >= 2, "entry list and the round's table"
    assert "Stand-in bot" not in page
