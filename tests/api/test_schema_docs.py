"""The OpenAPI schema: built without a warning, each endpoint described by its own fields, the
accounts endpoints with their errors and both ways to sign in."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db

ENDPOINTS = {
    "/api/auth/register/": {"post"},
    "/api/auth/login/": {"post"},
    "/api/auth/logout/": {"post"},
    "/api/auth/password/": {"post"},
    "/api/auth/token/": {"post"},
    "/api/tokens/": {"get", "post"},
    "/api/tokens/{token_id}/": {"delete"},
    "/api/me/": {"get"},
    "/api/users/": {"get"},
    "/api/users/{username}/": {"get", "patch"},
    "/api/users/{username}/rating-history/": {"get"},
    "/api/leaderboards/{variant}/": {"get"},
}


@pytest.fixture(scope="module")
def schema(django_db_blocker: pytest.FixtureRequest) -> dict:
    with django_db_blocker.unblock():
        response = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    return response.json()


def test_every_accounts_endpoint_is_described(schema: dict) -> None:
    for path, methods in ENDPOINTS.items():
        assert set(schema["paths"][path]) == methods, path


def test_errors_are_described_in_the_error_shape(schema: dict) -> None:
    error = schema["components"]["schemas"]["ErrorDetail"]
    assert set(error["required"]) == {"code", "message", "fields"}
    patch = schema["paths"]["/api/users/{username}/"]["patch"]["responses"]
    assert set(patch) == {"200", "400", "401", "403", "404", "413", "415"}
    ref = patch["403"]["content"]["application/json"]["schema"]["$ref"]
    assert ref == "#/components/schemas/Error"


def test_safe_reads_do_not_claim_403_or_415(schema: dict) -> None:
    assert set(schema["paths"]["/api/me/"]["get"]["responses"]) == {"200", "401"}


def test_token_and_session_authentication_are_described(schema: dict) -> None:
    schemes = schema["components"]["securitySchemes"]
    assert (
        schemes["tokenAuth"]["in"] == "header" and schemes["tokenAuth"]["name"] == "Authorization"
    )
    assert schemes["cookieAuth"]["in"] == "cookie"


def test_leaderboard_rule_set_is_an_enum(schema: dict) -> None:
    parameters = schema["paths"]["/api/leaderboards/{variant}/"]["get"]["parameters"]
    variant = next(p for p in parameters if p["name"] == "variant")
    assert sorted(variant["schema"]["enum"]) == ["bela", "belote", "bulgarian", "coinche"]


def test_the_schema_is_built_without_a_warning(tmp_path: Path) -> None:
    # Two serializers named Register (an account's, a tournament entry's) made one component:
    # the docs told API users to enter an event with a username, a password and an email.
    call_command("spectacular", "--fail-on-warn", "--validate", "--file", tmp_path / "api.yml")


def test_entering_an_event_is_described_by_its_own_fields(schema: dict) -> None:
    entries = schema["paths"]["/api/tournaments/{tournament_id}/entries/"]["post"]
    component = entries["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    described = schema["components"]["schemas"][component.rsplit("/", 1)[1]]
    assert set(described["properties"]) == {"players", "name"}
