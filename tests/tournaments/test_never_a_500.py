"""Never a 500: whatever an organizer does, in any format, refusals come first and in words,
and a failed background step leaves an event its organizer can act on."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import OperationalError
from django.test import Client
from django.utils import timezone

from config.errors import ServiceError
from tests.tournaments.factories import play_deals, ready_to_start
from tournaments import policies, services
from tournaments.models import Round, RoundTable, Tournament
from tournaments.rounds import round_finalize, round_start

pytestmark = pytest.mark.django_db


def organizer_client(event: Tournament) -> Client:
    client = Client()
    client.force_login(event.organizer)
    return client


def test_a_third_place_match_with_three_pairs_is_refused_before_anything_starts() -> None:
    event, _ = ready_to_start(
        bot_entries=3, format=Tournament.Format.SINGLE_ELIMINATION, third_place=True
    )
    with pytest.raises(ServiceError) as refused:
        services.tournament_start(tournament_id=event.pk, user=event.organizer)
    assert refused.value.message == "A third-place match needs four entries; 3 are playing."
    event.refresh_from_db()
    assert event.status == Tournament.Status.CHECK_IN and event.started_at is None
    assert not Round.objects.filter(tournament=event).exists()


def test_the_start_button_shows_the_refusal_on_the_page() -> None:
    event, _ = ready_to_start(
        bot_entries=3, format=Tournament.Format.SINGLE_ELIMINATION, third_place=True
    )
    client = organizer_client(event)
    response = client.post(f"/tournaments/{event.pk}/start/", follow=True)
    assert response.status_code == 200
    assert "A third-place match needs four entries; 3 are playing." in response.content.decode()


def test_a_bracket_that_cannot_be_drawn_no_longer_breaks_the_page() -> None:
    # An event started before starts were checked: three pairs and a third-place match. Its
    # page answered 500 for everyone, even once cancelled.
    event, _ = ready_to_start(
        bot_entries=3, format=Tournament.Format.SINGLE_ELIMINATION, third_place=True
    )
    Tournament.objects.filter(pk=event.pk).update(
        status=Tournament.Status.RUNNING, started_at=timezone.now()
    )
    Round.objects.create(tournament=event, number=1)
    assert Client().get(f"/tournaments/{event.pk}/").status_code == 200
    assert organizer_client(event).get(f"/tournaments/{event.pk}/").status_code == 200
    services.tournament_cancel(tournament_id=event.pk, user=event.organizer)
    assert Client().get(f"/tournaments/{event.pk}/").status_code == 200
    assert Client().get(f"/api/tournaments/{event.pk}/").status_code == 200


def test_a_round_that_fails_to_start_pauses_the_event_with_the_reason_and_resume_retries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    event, _ = ready_to_start(bot_entries=4, swiss_rounds=2)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    real = policies.SwissPolicy.pair_round

    def broken(self: object, tournament: Tournament, number: int) -> object:
        raise RuntimeError("the pairing service is down")

    monkeypatch.setattr(policies.SwissPolicy, "pair_round", broken)
    first = Round.objects.get(tournament=event, number=1)
    assert round_start(round_id=first.pk) is False
    event.refresh_from_db()
    assert event.is_paused and event.status == Tournament.Status.RUNNING
    assert "Round 1 could not start (the pairing service is down)." in event.problem
    page = organizer_client(event).get(f"/tournaments/{event.pk}/").content.decode()
    assert "the pairing service is down" in page and "Resume to try again" in page
    assert f'action="/tournaments/{event.pk}/resume/"' in page
    public = Client().get(f"/tournaments/{event.pk}/").content.decode()
    assert "The organizer is sorting out a problem" in public
    assert "pairing service" not in public
    monkeypatch.setattr(policies.SwissPolicy, "pair_round", real)
    services.tournament_resume(tournament_id=event.pk, user=event.organizer)
    assert round_start(round_id=first.pk) is True
    event.refresh_from_db()
    assert not event.is_paused and event.problem == ""


def test_a_round_that_fails_to_finish_pauses_the_event_and_resume_finishes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    event, _ = ready_to_start(bot_entries=2, swiss_rounds=1)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    first = Round.objects.get(tournament=event, number=1)
    round_start(round_id=first.pk)
    play_deals(RoundTable.objects.get(round=first).table, 1)

    def broken(self: object, tournament: Tournament) -> object:
        raise RuntimeError("standings exploded")

    real = policies.SwissPolicy.standings
    monkeypatch.setattr(policies.SwissPolicy, "standings", broken)
    assert round_finalize(round_id=first.pk) is False
    event.refresh_from_db()
    assert event.is_paused and "Round 1 could not finish (standings exploded)." in event.problem
    assert Round.objects.get(pk=first.pk).status == Round.Status.RUNNING, "nothing half done"
    monkeypatch.setattr(policies.SwissPolicy, "standings", real)
    services.tournament_resume(tournament_id=event.pk, user=event.organizer)
    assert round_finalize(round_id=first.pk) is True
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED and event.problem == ""


def test_a_refused_scheduled_start_is_shown_on_the_page() -> None:
    event, _ = ready_to_start(
        bot_entries=3, format=Tournament.Format.SINGLE_ELIMINATION, third_place=True
    )
    Tournament.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(minutes=1))
    assert services.tournaments_advance_due(now=timezone.now()) == 0
    event.refresh_from_db()
    assert event.status == Tournament.Status.CHECK_IN
    page = organizer_client(event).get(f"/tournaments/{event.pk}/").content.decode()
    assert "The scheduled start was refused: A third-place match needs four entries" in page


def test_a_database_hiccup_is_retried_not_turned_into_a_stopped_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    event, _ = ready_to_start(bot_entries=4, swiss_rounds=2)
    services.tournament_start(tournament_id=event.pk, user=event.organizer)

    def busy(self: object, tournament: Tournament, number: int) -> object:
        raise OperationalError("database is locked")

    monkeypatch.setattr(policies.SwissPolicy, "pair_round", busy)
    first = Round.objects.get(tournament=event, number=1)
    with pytest.raises(OperationalError):
        round_start(round_id=first.pk)
    event.refresh_from_db()
    assert not event.is_paused and event.problem == ""
