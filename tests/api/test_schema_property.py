"""Schemathesis sends schema-driven requests, valid and not, to every operation of the API.

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
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

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
