"""Schemathesis sends schema-driven requests, valid and not, to every operation of the API,
and deeply nested and oversize bodies too (with DEBUG on and off).

Every operation: no 500, and every answer (status, content type, headers, body) is one the
schema describes. The accounts operations are held to more: input off the schema is refused.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, settings
from pytest_django import Settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from accounts.models import User
from accounts.services import token_create, user_register

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
ACCOUNTS = r"^/api/(auth|tokens|me|users|leaderboards)/"
ANSWERS_ON_SCHEMA = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
# Bounded: about 20 requests per operation keeps each test under a minute here.
BOUNDED = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture
def token(db: None) -> Iterator[str]:
    """A signed-in client's token; the WSGI handler is kept from closing the test's connection."""
    user = user_register(username="prober", password="a long enough pass 42")
    # What Django's test client does: the test's transaction must outlive each request.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield token_create(user=user, name="schemathesis")[1]
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.parametrize()
@BOUNDED
def test_every_operation_answers_on_schema_and_never_500(
    case: schemathesis.Case, token: str
) -> None:
    case.call_and_validate(headers={"Authorization": f"Token {token}"}, checks=ANSWERS_ON_SCHEMA)


@schema.include(path_regex=ACCOUNTS).parametrize()
@BOUNDED
def test_accounts_operations_refuse_input_off_the_schema(
    case: schemathesis.Case, token: str
) -> None:
    # Not every schema-valid body is accepted: password rules and taken usernames answer 400.
    case.call_and_validate(
        headers={"Authorization": f"Token {token}"}, excluded_checks=[positive_data_acceptance]
    )


# Bodies no schema describes: nested past the decoder's recursion limit, or over the size limit.
HOSTILE_BODIES = {
    "deep arrays": "[" * 5000 + "]" * 5000,
    "deep objects": '{"a": ' * 1000 + "1" + "}" * 1000,
    "oversize": '{"name": "' + "x" * (1024 * 1024) + '"}',
}


@pytest.fixture(params=[False, True], ids=["debug_off", "debug_on"])
def debug(request: pytest.FixtureRequest, settings: Settings) -> bool:
    settings.DEBUG = request.param
    return bool(request.param)


@schema.parametrize()
@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_refuses_deep_and_oversize_bodies_in_the_error_shape(
    case: schemathesis.Case, db: None, debug: bool
) -> None:
    user = User.objects.filter(username="prober").first() or user_register(
        username="prober", password="a long enough pass 42"
    )
    key = token_create(user=user, name="hostile")[1]
    client = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {key}")
    for name, body in HOSTILE_BODIES.items():
        response = client.generic(
            case.method, case.formatted_path, data=body, content_type="application/json"
        )
        assert response.status_code < 500, (name, case.method, case.formatted_path)
        if response.status_code >= 400:
            assert response["Content-Type"] == "application/json", (name, case.formatted_path)
            assert set(response.json()["error"]) == {"code", "message", "fields"}
