"""Public pages: the list, the bracket drawn as a bracket, standings, live tables and replays."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from django.utils.formats import date_format

from tests.games.test_pages import offered_rule_set
from tests.tournaments.factories import person, play_deals, ready_to_start, tournament
from tournaments import services
from tournaments.models import Round, RoundTable, Tournament
from tournaments.rounds import round_finalize, round_start

pytestmark = pytest.mark.django_db


def run_round(event: Tournament, number: int, *, finish: bool = True) -> Round:
    round_ = Round.objects.get(tournament=event, number=number)
    round_start(round_id=round_.pk)
    if finish:
        for table in RoundTable.objects.filter(round=round_, table__isnull=False):
            play_deals(table.table, 1)
        round_finalize(round_id=round_.pk)
    return round_


def test_the_list_shows_events_past_draft_and_your_drafts() -> None:
    draft = tournament(name="Quiet Draft")
    shown = tournament(name="Open Cup")
    services.tournament_open_registration(tournament_id=shown.pk, user=shown.organizer)
    assert "Open Cup" in Client().get("/tournaments/").content.decode()
    assert "Quiet Draft" not in Client().get("/tournaments/").content.decode()
    client = Client()
    client.force_login(draft.organizer)
    assert "Quiet Draft" in client.get("/tournaments/").content.decode()


def test_a_knockout_page_draws_the_bracket_with_watch_links() -> None:
    event, _ = ready_to_start(bot_entries=3, format=Tournament.Format.SINGLE_ELIMINATION)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = run_round(event, 1, finish=False)
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    assert page.count('class="bracket-round"') == 2
    assert page.count('class="bracket-match') == 3
    assert "bye" in page
    live = RoundTable.objects.get(round=round_, away__isnull=False)
    assert f'href="/tables/{live.table_id}/">Watch' in page


def test_a_swiss_page_shows_standings_and_replay_links() -> None:
    event, _ = ready_to_start(bot_entries=4, swiss_rounds=1)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = run_round(event, 1)
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    assert "<h2>Standings</h2>" in page and "Buchholz" in page
    for table in RoundTable.objects.filter(round=round_):
        assert f'href="/tables/{table.table_id}/hands/">Replay' in page
    assert "Decided after" not in page


def test_the_organizer_sees_the_buttons_and_others_do_not() -> None:
    event = tournament()
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    client = Client()
    client.force_login(event.organizer)
    assert "Open check-in" in client.get(f"/tournaments/{event.pk}/").content.decode()
    assert "Open check-in" not in Client().get(f"/tournaments/{event.pk}/").content.decode()


def test_an_organizer_creates_a_tournament_from_the_form() -> None:
    organizer = tournament().organizer
    client = Client()
    client.force_login(organizer)
    response = client.post(
        "/tournaments/new/",
        {"name": "Form Cup", "variant": "belote", "format": "swiss", "round_minutes": 30,
         "bot_level": "easy", "target": 1000, "bots_allowed": "on", "rated": "on"},
    )  # fmt: skip
    created = Tournament.objects.get(name="Form Cup")
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{created.pk}/"
    assert created.house_rules == {"target": 1000} and created.status == "draft"


def test_the_new_event_form_offers_swiss_not_an_empty_format() -> None:
    client = Client()
    client.force_login(person())
    page = client.get("/tournaments/new/").content.decode()
    assert '<option value="swiss" selected>' in page
    assert '<option value="" selected>' not in page


def test_an_organizer_creates_an_individuals_event_from_the_form() -> None:
    client = Client()
    client.force_login(person())
    assert 'name="entry_type"' in client.get("/tournaments/new/").content.decode()
    client.post(
        "/tournaments/new/",
        {"name": "Solo Cup", "variant": "bela", "format": "round_robin",
         "entry_type": "individuals", "round_minutes": 30, "bot_level": "easy"},
    )  # fmt: skip
    assert Tournament.objects.get(name="Solo Cup").entry_type == "individuals"


def test_the_form_refuses_a_knockout_of_individuals_with_the_reason() -> None:
    client = Client()
    client.force_login(person())
    response = client.post(
        "/tournaments/new/",
        {"name": "Solo KO", "variant": "bela", "format": "single_elimination",
         "entry_type": "individuals", "round_minutes": 30, "bot_level": "easy"},
    )  # fmt: skip
    assert response.status_code == 200 and "no team goes through a knockout" in (
        response.content.decode()
    )
    assert not Tournament.objects.filter(name="Solo KO").exists()


def test_the_organizer_edits_settings_but_not_the_format() -> None:
    event = tournament(name="Before")
    client = Client()
    client.force_login(event.organizer)
    assert client.get(f"/tournaments/{event.pk}/edit/").status_code == 200
    response = client.post(
        f"/tournaments/{event.pk}/edit/",
        {"name": "After", "variant": "coinche", "format": "round_robin", "round_minutes": 45,
         "bot_level": "medium", "match_deals": 3, "target": 501, "entry_type": "individuals"},
    )  # fmt: skip
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.name, event.round_minutes, event.match_deals) == ("After", 45, 3)
    assert (event.variant, event.format, event.house_rules) == ("bela", "swiss", {"target": 501})
    assert event.entry_type == "pairs"


def test_others_cannot_open_the_edit_page() -> None:
    event = tournament()
    client = Client()
    client.force_login(person())
    # A draft is not even found by others; once published, its edit page is refused.
    assert client.get(f"/tournaments/{event.pk}/edit/").status_code == 404
    event.status = Tournament.Status.REGISTRATION
    event.save()
    assert client.get(f"/tournaments/{event.pk}/edit/").status_code == 403


def test_an_individuals_page_names_both_partners_of_each_team() -> None:
    event, _ = ready_to_start(bot_entries=4, entry_type=Tournament.EntryType.INDIVIDUALS)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    round_ = run_round(event, 1, finish=False)
    table = RoundTable.objects.get(round=round_)
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    assert f"{table.home} &amp; {table.home_partner}" in page
    assert f"{table.away} &amp; {table.away_partner}" in page


def test_the_page_says_when_the_event_starts_itself_and_that_a_paused_round_waits() -> None:
    starts = timezone.now() + timedelta(hours=2)
    event, _ = ready_to_start(bot_entries=2, starts_at=starts)
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    assert f"Starts at {date_format(starts, 'SHORT_DATETIME_FORMAT')} (UTC)." in page
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    # The part a waiting page fetches again once the event starts: the time goes with it.
    assert "Starts at" not in Client().get(f"/tournaments/{event.pk}/live/").content.decode()
    run_round(event, 1, finish=False)
    services.tournament_pause(tournament_id=event.pk, user=event.organizer)
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    assert "Starts at" not in page and "paused: its clock waits" in page


def test_the_opening_times_are_in_the_part_that_keeps_current() -> None:
    closes = timezone.now() + timedelta(hours=1)
    starts = timezone.now() + timedelta(hours=2)
    event, _ = ready_to_start(bot_entries=2, starts_at=starts)
    event.registration_closes_at = closes
    event.status = Tournament.Status.REGISTRATION
    event.save()
    live = Client().get(f"/tournaments/{event.pk}/live/").content.decode()
    assert f"Registration closes {date_format(closes, 'SHORT_DATETIME_FORMAT')} (UTC)." in live
    assert f"Starts at {date_format(starts, 'SHORT_DATETIME_FORMAT')} (UTC)." in live
    event.status = Tournament.Status.CHECK_IN
    event.save()
    live = Client().get(f"/tournaments/{event.pk}/live/").content.decode()
    assert "Registration closes" not in live and "Starts at" in live


def test_a_new_tournament_is_first_of_the_organizers_language_s_rule_set() -> None:
    client = Client()
    client.force_login(person())
    page = client.get("/tournaments/new/", HTTP_ACCEPT_LANGUAGE="hr").content.decode()
    assert offered_rule_set(page) == "bela"
