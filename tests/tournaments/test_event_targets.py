"""An event's target is one its rule set offers, refused in the organizer's language when not.

The form took any number and the rules engine refused it in English by the rule set's code,
above the form: "bulgarian has no house rule 'target'" on a Bulgarian page.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.factories import person
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

SETTINGS = {"name": "Target Cup", "format": "swiss", "round_minutes": 30, "bot_level": "easy"}


def form_errors(variant: str, target: int, language: str) -> dict[str, list[str]]:
    client = Client(headers={"accept-language": language})
    client.force_login(person())
    response = client.post("/tournaments/new/", {**SETTINGS, "variant": variant, "target": target})
    assert response.status_code == 200, "the form again, nothing created"
    return dict(response.context["form"].errors)


def test_the_form_refuses_a_target_the_rule_set_lacks_beside_the_field() -> None:
    assert form_errors("bulgarian", 151, "bg") == {
        "target": ["Български белот има своя цел: оставете полето празно."]
    }
    assert form_errors("bela", 5, "fr") == {
        "target": ["Bela croate se joue en l'un de ces buts\u00a0: 1001, 501, 701."]
    }
    assert form_errors("belote", 700, "en") == {
        "target": ["French Belote plays to one of: 501, 1000."]
    }
    assert not Tournament.objects.exists()


def test_the_api_refuses_house_rules_off_the_rule_set_in_the_callers_language() -> None:
    client = Client(headers={"accept-language": "fr"})
    client.force_login(person())

    def refusal(variant: str, house_rules: dict[str, object]) -> str:
        body = {**SETTINGS, "variant": variant, "house_rules": house_rules}
        response = client.post("/api/tournaments/", body, content_type="application/json")
        assert response.status_code == 400
        return response.json()["error"]["message"]

    assert refusal("bulgarian", {"target": 151}) == (
        "Belote bulgare n'a pas de règle maison 'target'"
    )
    assert refusal("bela", {"target": 5}) == "La règle maison 'target' ne peut pas valoir 5"
    assert not Tournament.objects.exists()
