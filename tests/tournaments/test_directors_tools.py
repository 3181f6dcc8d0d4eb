"""The director's tools: entries added, withdrawn, checked in on someone's behalf, partners who
accept, players replaced, results adjusted with a logged reason, entries kept apart, a
description, CSV exports, and rankings by points or goal-average."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from config.errors import ServiceError
from tests.tournaments.factories import bot_player, person, play_deals, ready_to_start, tournament
from tournaments import director, services
from tournaments.models import Entry, ResultAdjustment, Round, RoundTable, Standing, Tournament
from tournaments.rounds import round_finalize, round_start

pytestmark = pytest.mark.django_db


def signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)
    return client


def open_event(**settings: object) -> Tournament:
    event = tournament(**settings)
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    return event


def play_round(event: Tournament, number: int) -> Round:
    round_ = Round.objects.get(tournament=event, number=number)
    round_start(round_id=round_.pk)
    for table in RoundTable.objects.filter(round=round_, table__isnull=False):
        play_deals(table.table, 1)
    assert round_finalize(round_id=round_.pk)
    return round_


def test_the_organizer_adds_a_pair_from_the_page() -> None:
    event = open_event()
    one, two = person(), person()
    response = signed_in(event.organizer).post(
        f"/tournaments/{event.pk}/entries/add/",
        {"player_one": one.username, "player_two": two.username, "name": "Added"},
    )
    assert response.status_code == 302
    entry = Entry.objects.get(tournament=event)
    assert entry.name == "Added" and entry.partner_accepted, "the organizer's entry needs no yes"


def test_a_partner_accepts_before_the_pair_is_registered() -> None:
    event = open_event()
    me, partner = person(), person()
    signed_in(me).post(f"/tournaments/{event.pk}/enter/", {"partner": partner.username})
    entry = Entry.objects.get(tournament=event)
    assert not entry.partner_accepted
    page = signed_in(partner).get(f"/tournaments/{event.pk}/").content.decode()
    assert f"{me} invited you to play this event as a pair." in page
    assert "Waiting for" in signed_in(me).get(f"/tournaments/{event.pk}/").content.decode()
    with pytest.raises(ServiceError, match="Only the invited partner"):
        services.entry_accept(entry_id=entry.pk, user=me)
    signed_in(partner).post(f"/tournaments/{event.pk}/entries/{entry.pk}/accept/")
    assert Entry.objects.get(pk=entry.pk).partner_accepted


def test_a_pair_whose_partner_never_accepted_does_not_play() -> None:
    event = open_event()
    for _ in range(2):
        services.entry_register(
            tournament_id=event.pk, user=event.organizer, players=[bot_player(), bot_player()]
        )
    me = person()
    services.entry_register(tournament_id=event.pk, user=me, players=[me, person()])
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    assert Entry.objects.filter(tournament=event).count() == 2


def test_a_declined_invitation_and_a_withdrawal_take_the_entry_out_until_the_start() -> None:
    event = open_event(format=Tournament.Format.ROUND_ROBIN)
    me, partner = person(), person()
    entry = services.entry_register(tournament_id=event.pk, user=me, players=[me, partner])
    confirm = signed_in(partner).get(f"/tournaments/{event.pk}/entries/{entry.pk}/withdraw/")
    assert confirm.status_code == 200 and "Withdraw" in confirm.content.decode()
    signed_in(partner).post(f"/tournaments/{event.pk}/entries/{entry.pk}/withdraw/")
    assert not Entry.objects.filter(pk=entry.pk).exists()
    outsider = signed_in(person())
    other = services.entry_register(
        tournament_id=event.pk, user=event.organizer, players=[bot_player(), bot_player()]
    )
    assert outsider.post(f"/tournaments/{event.pk}/entries/{other.pk}/withdraw/").status_code == 403
    services.entry_register(
        tournament_id=event.pk, user=event.organizer, players=[bot_player(), bot_player()]
    )
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    with pytest.raises(ServiceError, match="Two entries must stay"):
        services.entry_withdraw(entry_id=other.pk, user=event.organizer)


def test_a_pair_leaves_a_running_swiss_keeping_its_results_and_place() -> None:
    event, people = ready_to_start(bot_entries=3, people_entries=1, swiss_rounds=3)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    play_round(event, 1)
    leaving = Entry.objects.get(tournament=event, player_one=people[0])
    page = signed_in(people[1]).get(f"/tournaments/{event.pk}/").content.decode()
    assert f"/tournaments/{event.pk}/entries/{leaving.pk}/withdraw/" in page
    signed_in(people[1]).post(f"/tournaments/{event.pk}/entries/{leaving.pk}/withdraw/")
    leaving.refresh_from_db()
    assert leaving.withdrawn_after_round == 1
    second = play_round(event, 2)
    seated = {e for t in second.tables.all() for e in (t.home_id, t.away_id)}
    assert leaving.pk not in seated and len(second.tables.all()) == 2, "three pairs: one bye"
    assert Standing.objects.filter(tournament=event, entry=leaving).exists()
    assert (
        "left the event after round 1" in Client().get(f"/tournaments/{event.pk}/").content.decode()
    )
    others = Entry.objects.filter(tournament=event).exclude(pk=leaving.pk)
    services.entry_withdraw(entry_id=others[0].pk, user=event.organizer)
    with pytest.raises(ServiceError, match="Two entries must stay"):
        services.entry_withdraw(entry_id=others[1].pk, user=event.organizer)


def test_the_organizer_checks_in_on_someones_behalf_from_the_page() -> None:
    event, people = ready_to_start(bot_entries=1, people_entries=1)
    entry = Entry.objects.get(tournament=event, player_one=people[0])
    page = signed_in(event.organizer).get(f"/tournaments/{event.pk}/").content.decode()
    assert "Check in on their behalf" in page
    signed_in(event.organizer).post(f"/tournaments/{event.pk}/entries/{entry.pk}/check-in/")
    assert Entry.objects.get(pk=entry.pk).checked_in


def test_the_organizer_replaces_a_player_between_rounds_from_the_page() -> None:
    event, people = ready_to_start(bot_entries=3, people_entries=1, swiss_rounds=2)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    play_round(event, 1)
    entry = Entry.objects.get(tournament=event, player_one=people[0])
    newcomer = person()
    signed_in(event.organizer).post(
        f"/tournaments/{event.pk}/entries/{entry.pk}/replace/",
        {"player": people[0].username, "replacement": newcomer.username},
    )
    assert Entry.objects.get(pk=entry.pk).player_one == newcomer


def test_an_adjusted_result_is_logged_shown_and_recomputes_the_standings() -> None:
    event, _ = ready_to_start(bot_entries=2, swiss_rounds=1)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    table = play_round(event, 1).tables.get()
    organizer = signed_in(event.organizer)
    assert organizer.get(f"/tournaments/{event.pk}/tables/{table.pk}/adjust/").status_code == 200
    refused = organizer.post(
        f"/tournaments/{event.pk}/tables/{table.pk}/adjust/",
        {"home_points": 100, "away_points": 0, "reason": ""},
    )
    assert "Say why the result changes" in refused.content.decode()
    organizer.post(
        f"/tournaments/{event.pk}/tables/{table.pk}/adjust/",
        {"home_points": 100, "away_points": 0, "reason": "Scoring error at table 1"},
    )
    table.refresh_from_db()
    assert (table.home_points, table.away_points, table.winner_id) == (100, 0, table.home_id)
    change = ResultAdjustment.objects.get(table=table)
    assert change.reason == "Scoring error at table 1" and change.by == event.organizer
    assert Standing.objects.get(entry=table.home).rank == 1
    assert Standing.objects.get(entry=table.home).points_difference == 100
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    assert "Adjusted by the organizer: Scoring error at table 1" in page
    assert "Corrections" in page
    assert (
        signed_in(person()).get(f"/tournaments/{event.pk}/tables/{table.pk}/adjust/").status_code
        == 403
    )


def test_a_knockout_result_cannot_be_adjusted() -> None:
    event, _ = ready_to_start(bot_entries=2, format=Tournament.Format.SINGLE_ELIMINATION)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    table = play_round(event, 1).tables.get()
    with pytest.raises(ServiceError, match="A knockout's results stand"):
        director.result_adjust(
            round_table_id=table.pk, user=event.organizer, home_points=1, away_points=0,
            reason="no",
        )  # fmt: skip


def test_entries_kept_apart_do_not_meet_while_the_field_allows() -> None:
    event, _ = ready_to_start(bot_entries=4, swiss_rounds=1)
    entries = list(Entry.objects.filter(tournament=event).order_by("pk"))
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    # Swiss round 1 pairs top half against bottom half: 1 v 3, 2 v 4 (all rated alike).
    first = Round.objects.get(tournament=event, number=1)
    signed_in(event.organizer).post(
        f"/tournaments/{event.pk}/apart/", {"first": entries[0].pk, "second": entries[2].pk}
    )
    round_start(round_id=first.pk)
    met = {frozenset((t.home_id, t.away_id)) for t in RoundTable.objects.filter(round=first)}
    assert frozenset((entries[0].pk, entries[2].pk)) not in met
    assert len(met) == 2


def test_the_description_is_shown_and_the_exports_are_csv() -> None:
    event, _ = ready_to_start(bot_entries=2, swiss_rounds=1, description="Prizes: a cake.")
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    play_round(event, 1)
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    assert "Prizes: a cake." in page
    standings = Client().get(f"/tournaments/{event.pk}/standings.csv")
    assert standings["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(standings.content.decode())))
    assert rows[0][:2] == ["Rank", "Entry"] and len(rows) == 3
    results = list(
        csv.reader(
            io.StringIO(Client().get(f"/tournaments/{event.pk}/results.csv").content.decode())
        )
    )
    assert results[0][:4] == ["Round", "Table", "Home", "Away"] and len(results) == 2


def test_an_event_can_rank_by_points_difference() -> None:
    event, _ = ready_to_start(bot_entries=4, swiss_rounds=1, ranking="difference")
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    play_round(event, 1)
    lines = list(Standing.objects.filter(tournament=event).order_by("rank", "pk"))
    differences = [line.points_difference for line in lines]
    assert differences == sorted(differences, reverse=True)
    assert all(line.points_for >= 0 for line in lines)


def test_individuals_are_never_asked_for_a_team_name_and_results_name_both_partners() -> None:
    event = open_event(entry_type=Tournament.EntryType.INDIVIDUALS)
    page = signed_in(person()).get(f"/tournaments/{event.pk}/").content.decode()
    assert 'name="name"' not in page and 'name="partner"' not in page
    event, _ = ready_to_start(bot_entries=4, entry_type=Tournament.EntryType.INDIVIDUALS)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    table = play_round(event, 1).tables.get()
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    if table.winner_id is not None:
        winner, partner = (
            (table.home, table.home_partner)
            if table.winner_id == table.home_id
            else (table.away, table.away_partner)
        )
        won = '<span class="visually-hidden"> (Winner)</span>'
        assert f'<td class="players winner">{winner} &amp; {partner}{won}</td>' in page
    assert f"{table.home} &amp; {table.home_partner}" in page


@pytest.mark.parametrize(
    ("entry_type", "heading"),
    [
        (Tournament.EntryType.PAIRS, "Enter with a partner"),
        (Tournament.EntryType.INDIVIDUALS, "Enter this event"),
    ],
)
def test_the_entry_form_is_headed_with_what_it_does(entry_type: str, heading: str) -> None:
    # Its fields stood unnamed between the description and the entries.
    event = open_event(entry_type=entry_type)
    page = signed_in(person()).get(f"/tournaments/{event.pk}/").content.decode()
    assert f'aria-labelledby="enter-title">\n  <h2 id="enter-title">{heading}</h2>' in page


def test_the_withdraw_page_says_at_once_who_may_not_and_when_not() -> None:
    """It offered "Yes: withdraw" to a stranger and after the event, and the click failed."""
    event = open_event()
    entry = services.entry_register(
        tournament_id=event.pk, user=event.organizer, players=[bot_player(), bot_player()]
    )
    address = f"/tournaments/{event.pk}/entries/{entry.pk}/withdraw/"
    stranger = signed_in(person()).get(address)
    assert stranger.status_code == 403 and "Only the entry" in stranger.content.decode()
    Tournament.objects.filter(pk=event.pk).update(status=Tournament.Status.FINISHED)
    page = signed_in(event.organizer).get(address).content.decode()
    assert "Entries cannot be withdrawn now." in page
    assert "Yes: withdraw" not in page
