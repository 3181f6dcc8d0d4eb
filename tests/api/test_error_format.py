"""Every API error, from DRF or from Django itself, reads {"error": {code, message, fields}}."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.test import Client, RequestFactory
from rest_framework.exceptions import ValidationError

from config.api import exception_handler, server_error
from tests.api.conftest import error_of

pytestmark = pytest.mark.django_db


def test_unknown_api_url_is_a_json_404() -> None:
    response = Client().get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert error_of(response) == {
        "code": "not_found",
        "message": "No API endpoint at /api/no-such-thing/.",
        "fields": {},
    }


def test_pages_keep_html_404s() -> None:
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_wrong_method_is_a_json_405() -> None:
    response = Client().delete("/api/users/")
    assert response.status_code == 405
    assert error_of(response) == {
        "code": "method_not_allowed",
        "message": 'Method "DELETE" not allowed.',
        "fields": {},
    }


def test_malformed_json_is_a_400_parse_error() -> None:
    response = Client().post("/api/auth/login/", data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert error_of(response)["code"] == "parse_error"


def test_form_bodies_are_refused_with_415() -> None:
    response = Client().post("/api/auth/login/", {"username": "a", "password": "b"})
    assert response.status_code == 415
    assert error_of(response)["code"] == "unsupported_media_type"


def test_unacceptable_accept_header_is_a_406() -> None:
    response = Client().get("/api/users/", HTTP_ACCEPT="image/png")
    assert response.status_code == 406
    assert json.loads(response.content)["error"]["code"] == "not_acceptable"


def test_a_disallowed_host_is_a_json_400() -> None:
    response = Client().get("/api/users/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert error_of(response)["code"] == "bad_request"


def test_server_error_under_api_is_json_without_details() -> None:
    response = server_error(RequestFactory().get("/api/users/"))
    assert response.status_code == 500
    assert json.loads(response.content)["error"]["code"] == "server_error"


def test_nested_and_general_validation_errors_are_flattened() -> None:
    error = ValidationError(
        {"non_field_errors": ["Passwords differ."], "seats": [{"user": ["Unknown."]}, {}]}
    )
    response = exception_handler(error, {})
    assert response is not None
    assert response.data == {
        "error": {
            "code": "invalid",
            "message": "Passwords differ.",
            "fields": {"seats.0.user": ["Unknown."]},
        }
    }


def test_a_plain_validation_message_becomes_the_message() -> None:
    response = exception_handler(ValidationError("Table is full.", code="table_full"), {})
    assert response is not None
    assert response.data == {
        "error": {"code": "table_full", "message": "Table is full.", "fields": {}}
    }


def test_djangos_own_404_and_403_raised_in_a_view_keep_their_codes() -> None:
    not_found = exception_handler(Http404("No such seat."), {})
    denied = exception_handler(PermissionDenied("Not your table."), {})
    assert not_found is not None and denied is not None
    assert (not_found.status_code, not_found.data["error"]["code"]) == (404, "not_found")
    assert not_found.data["error"]["message"] == "No such seat."
    assert (denied.status_code, denied.data["error"]["code"]) == (403, "permission_denied")
