"""Schemathesis sends schema-driven requests to every operation: no 500, no answer off-schema."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from accounts.services import token_create, user_register

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())


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
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_api_conforms_to_its_schema(case: schemathesis.Case, token: str) -> None:
    # Not every schema-valid body is accepted: password rules and taken usernames answer 400.
    case.call_and_validate(
        headers={"Authorization": f"Token {token}"}, excluded_checks=[positive_data_acceptance]
    )
