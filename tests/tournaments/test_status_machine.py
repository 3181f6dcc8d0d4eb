"""The status machine: draft -> registration -> check-in -> running -> finished, or cancelled."""

from __future__ import annotations

import pytest
from django.test import Client

from config.errors import ServiceError
from tests.tournaments.factories import tournament
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_draft_cannot_start_and_the_refusal_says_what_it_can_do() -> None:
    event = tournament()
    with pytest.raises(ServiceError) as refused:
        services.tournament_start(tournament_id=event.pk, user=event.organizer)
    assert refused.value.code == "illegal_transition"
    assert refused.value.message == (
        "That is not possible now. The event is still a draft: open registration first."
    )


def test_the_api_answers_an_illegal_transition_with_409() -> None:
    event = tournament()
    client = Client()
    client.force_login(event.organizer)
    response = client.post(f"/api/tournaments/{event.pk}/open-check-in/")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "illegal_transition"


def test_a_cancelled_tournament_goes_nowhere() -> None:
    event = tournament()
    services.tournament_cancel(tournament_id=event.pk, user=event.organizer)
    with pytest.raises(ServiceError, match="it is over"):
        services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    assert Tournament.objects.get(pk=event.pk).status == Tournament.Status.CANCELLED


def test_pause_and_resume_only_while_running() -> None:
    event = tournament()
    with pytest.raises(ServiceError, match="Only a running"):
        services.tournament_pause(tournament_id=event.pk, user=event.organizer)
    with pytest.raises(ServiceError, match="not paused"):
        services.tournament_resume(tournament_id=event.pk, user=event.organizer)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"format": "duplicate", "match_deals": None}, "set match_deals"),
        ({"entry_type": "individuals", "format": "single_elimination"}, "choose Swiss"),
        ({"house_rules": {"target": 3}}, "House rule 'target' cannot be 3"),
        ({"match_deals": 0}, "1 to 100 deals"),
    ],
)
def test_settings_the_event_cannot_run_with_are_refused(settings: dict, message: str) -> None:
    with pytest.raises(ServiceError, match=message):
        tournament(**settings)
