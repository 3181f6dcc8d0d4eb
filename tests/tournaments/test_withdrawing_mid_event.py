"""Withdrawing from a running event, in every format, as a director would: a Swiss of pairs
stops pairing the entry; a round robin or knockout of pairs gives its opponents walkovers (the
match being played is conceded); duplicate and individuals keep the tables full with stand-in
bots. Bad cases are refused in words before anything changes, never with a 5xx."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.test import Client

from config.errors import ServiceError
from games.models import Seat, Table, TableEvent
from tests.tournaments.factories import play_deals, ready_to_start
from tournaments import services
from tournaments.models import Entry, Round, RoundTable, Standing, Tournament
from tournaments.rounds import round_finalize, round_start
from tournaments.tables import is_stand_in

pytestmark = pytest.mark.django_db


def signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)
    return client


def start_round(event: Tournament, number: int) -> Round:
    round_ = Round.objects.get(tournament=event, number=number)
    round_start(round_id=round_.pk)
    return round_


def finish_round(round_: Round) -> None:
    for table in RoundTable.objects.filter(round=round_, table__isnull=False, finished=False):
        play_deals(table.table, 1)
    assert round_finalize(round_id=round_.pk)


def withdraw_on_the_page(event: Tournament, entry: Entry, user: object) -> str:
    """Withdraw through the confirmation page, as a person would; the event's page after."""
    client = signed_in(user)
    asked = client.get(f"/tournaments/{event.pk}/entries/{entry.pk}/withdraw/")
    assert asked.status_code == 200
    done = client.post(f"/tournaments/{event.pk}/entries/{entry.pk}/withdraw/", follow=True)
    assert done.status_code == 200
    return done.content.decode()


def table_of(entry: Entry, round_: Round) -> RoundTable:
    """The entry's table in the round (a pair's)."""
    return RoundTable.objects.get(Q(home=entry) | Q(away=entry), round=round_)


def test_a_round_robin_pair_that_withdraws_concedes_its_match_and_its_schedule() -> None:
    event, people = ready_to_start(
        bot_entries=3, people_entries=1, format=Tournament.Format.ROUND_ROBIN
    )
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    first = start_round(event, 1)
    leaving = Entry.objects.get(tournament=event, player_one=people[0])
    table = table_of(leaving, first)
    page = withdraw_on_the_page(event, leaving, people[1])
    assert "its opponents win them by walkover" in page, "the rule is shown on the event's page"
    table.refresh_from_db()
    opponent = table.away if table.home_id == leaving.pk else table.home
    assert table.finished and table.walkover and table.winner == opponent
    live = Table.objects.get(pk=table.table_id)
    assert live.status == Table.Status.FINISHED
    end = TableEvent.objects.get(table=live, kind=TableEvent.Kind.MATCH_END)
    assert end.payload["winner"] == (1 if table.home_id == leaving.pk else 0), "whatever the score"
    assert "wins by walkover" in table.note
    finish_round(first)
    for number in (2, 3):
        round_ = start_round(event, number)
        mine = table_of(leaving, round_)
        assert mine.walkover and mine.table_id is None and mine.winner_id != leaving.pk
        finish_round(round_)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    standing = Standing.objects.get(entry=leaving)
    assert standing.score == 0, "it won nothing after leaving, and lost the conceded match"
    opponents = Standing.objects.exclude(entry=leaving).filter(tournament=event)
    assert sum(line.score for line in opponents) == 6 - 0, "each of six matches gave one win"
    results = Client().get(f"/tournaments/{event.pk}/results.csv").content.decode()
    assert results.count("wins by walkover") == 3, "the conceded match and two walkovers"
    page = Client().get(f"/tournaments/{event.pk}/")
    assert page.status_code == 200 and "left the event after round 1" in page.content.decode()


def test_a_knockout_pair_that_withdraws_mid_match_lets_its_opponent_through() -> None:
    event, people = ready_to_start(
        bot_entries=3, people_entries=1, format=Tournament.Format.SINGLE_ELIMINATION
    )
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    semis = start_round(event, 1)
    leaving = Entry.objects.get(tournament=event, player_one=people[0])
    table = table_of(leaving, semis)
    withdraw_on_the_page(event, leaving, event.organizer)
    table.refresh_from_db()
    through = table.away if table.home_id == leaving.pk else table.home
    assert table.walkover and table.winner == through
    finish_round(semis)
    final = start_round(event, 2)
    finalists = {t.home_id for t in final.tables.all()} | {t.away_id for t in final.tables.all()}
    assert through.pk in finalists and leaving.pk not in finalists
    loser = next(
        t.away if t.winner_id == t.home_id else t.home for t in semis.tables.exclude(pk=table.pk)
    )
    with pytest.raises(ServiceError, match="already out of the knockout"):
        services.entry_withdraw(entry_id=loser.pk, user=event.organizer)
    finish_round(final)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    assert Standing.objects.get(entry=leaving).rank > 2


def test_a_knockout_match_against_a_withdrawn_pair_is_a_walkover_without_a_table() -> None:
    event, _ = ready_to_start(bot_entries=4, format=Tournament.Format.SINGLE_ELIMINATION)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    semis = start_round(event, 1)
    finish_round(semis)
    finalist = semis.tables.order_by("number").first().winner
    services.entry_withdraw(entry_id=finalist.pk, user=event.organizer)
    final = start_round(event, 2)
    table = final.tables.get()
    assert table.walkover and table.table_id is None and table.winner_id != finalist.pk
    assert round_finalize(round_id=final.pk), "nothing to wait for"
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    assert Standing.objects.get(entry=table.winner).rank == 1
    page = Client().get(f"/tournaments/{event.pk}/")
    assert page.status_code == 200 and "wins by walkover" in page.content.decode()


def test_a_swiss_pair_that_withdraws_mid_match_concedes_it_and_is_not_paired_again() -> None:
    event, people = ready_to_start(bot_entries=3, people_entries=1, swiss_rounds=2)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    first = start_round(event, 1)
    leaving = Entry.objects.get(tournament=event, player_one=people[0])
    table = table_of(leaving, first)
    page = withdraw_on_the_page(event, leaving, people[0])
    assert "is not paired again" in page
    table.refresh_from_db()
    assert table.walkover and table.winner_id != leaving.pk
    finish_round(first)
    second = start_round(event, 2)
    seated = {e for t in second.tables.all() for e in (t.home_id, t.away_id)}
    assert leaving.pk not in seated


def test_an_individual_who_withdraws_is_played_for_by_a_stand_in() -> None:
    event, people = ready_to_start(
        bot_entries=3, people_entries=1, entry_type="individuals", swiss_rounds=2
    )
    leaving = Entry.objects.get(tournament=event, player_one=people[0])
    services.entry_check_in(entry_id=leaving.pk, user=people[0])
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    first = start_round(event, 1)
    page = withdraw_on_the_page(event, leaving, people[0])
    assert "stand-in bots play them for it" in page
    at_table = Seat.objects.filter(table__tournament_table__round=first)
    assert not at_table.filter(user=people[0]).exists(), "a bot plays their seat at once"
    assert at_table.filter(user__is_bot=True).count() == 4
    finish_round(first)
    second = start_round(event, 2)
    users = Seat.objects.filter(table__tournament_table__round=second).select_related("user")
    assert people[0] not in [s.user for s in users]
    assert sum(is_stand_in(s.user) for s in users) == 1, "the table stays full"
    finish_round(second)
    assert Standing.objects.filter(entry=leaving).exists()


def test_a_duplicate_pair_that_withdraws_keeps_the_movement_whole_with_stand_ins() -> None:
    event, people = ready_to_start(
        bot_entries=3, people_entries=1, format=Tournament.Format.DUPLICATE, swiss_rounds=2
    )
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    first = start_round(event, 1)
    leaving = Entry.objects.get(tournament=event, player_one=people[0])
    withdraw_on_the_page(event, leaving, event.organizer)
    assert not RoundTable.objects.filter(round=first, walkover=True).exists()
    finish_round(first)
    second = start_round(event, 2)
    assert second.tables.count() == 2 and not second.tables.filter(walkover=True).exists()
    users = [s.user for s in Seat.objects.filter(table__tournament_table__round=second)]
    assert not set(people) & set(users) and sum(map(is_stand_in, users)) == 2
    finish_round(second)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED


def test_bad_withdrawals_are_refused_in_words_before_anything_changes() -> None:
    event, people = ready_to_start(
        bot_entries=2, people_entries=1, entry_type="individuals", swiss_rounds=1
    )
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    filler = Entry.objects.get(tournament=event, filler=True)
    client = signed_in(event.organizer)
    refused = client.delete(f"/api/tournaments/{event.pk}/entries/{filler.pk}/")
    assert refused.status_code == 400 and "never ranks" in str(refused.json())
    mine = Entry.objects.get(tournament=event, player_one=people[0])
    services.entry_withdraw(entry_id=mine.pk, user=people[0])
    again = signed_in(people[0]).post(
        f"/tournaments/{event.pk}/entries/{mine.pk}/withdraw/", follow=True
    )
    assert again.status_code == 200 and "already left the event" in again.content.decode()
    others = Entry.objects.filter(tournament=event, filler=False, withdrawn_after_round=None)
    with pytest.raises(ServiceError, match="Two entries must stay"):
        services.entry_withdraw(entry_id=others.first().pk, user=event.organizer)
    assert Entry.objects.filter(tournament=event, withdrawn_after_round__isnull=False).count() == 1
    stranger = signed_in(people[0])
    other = others.first()
    assert stranger.post(f"/tournaments/{event.pk}/entries/{other.pk}/withdraw/").status_code == 403


def test_a_knockout_pair_that_withdraws_before_its_bye_plays_no_match_at_all() -> None:
    """7 pairs: the top seed's first match is a bye. It withdraws before round 1 opens: the
    bye stands (no table: the bracket is drawn), and its next match is a walkover."""
    event, _ = ready_to_start(bot_entries=7, format=Tournament.Format.SINGLE_ELIMINATION)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    leaving = Entry.objects.filter(tournament=event).order_by("-seed_rating", "pk").first()
    services.entry_withdraw(entry_id=leaving.pk, user=event.organizer)
    first = start_round(event, 1)
    bye = table_of(leaving, first)
    assert bye.away is None and bye.table_id is None and bye.note == "Bye."
    finish_round(first)
    second = start_round(event, 2)
    walkover = table_of(leaving, second)
    assert walkover.walkover and walkover.table_id is None and walkover.winner_id != leaving.pk
