"""Deep and oversize bodies get the JSON error shape (400, 413), never a 500 or an HTML page."""

from __future__ import annotations

import pytest
from django.test import Client
from pytest_django import Settings
from rest_framework.test import APIClient

from games.models import Table
from tests.api.conftest import error_of
from tests.games.factories import people_table

pytestmark = pytest.mark.django_db

DEEP = "[" * 1000 + "]" * 1000
# Just over the 1 MiB body limit (DATA_UPLOAD_MAX_MEMORY_SIZE).
OVERSIZE = '{"username": "' + "a" * (1024 * 1024) + '"}'


@pytest.fixture(params=[False, True], ids=["debug_off", "debug_on"])
def debug(request: pytest.FixtureRequest, settings: Settings) -> bool:
    """Both ways: with DEBUG on, Django draws HTML debug pages unless told otherwise."""
    settings.DEBUG = request.param
    return bool(request.param)


@pytest.fixture
def table() -> Table:
    return people_table("bela")[0]


ANONYMOUS_PATHS = ["/api/auth/register/", "/api/auth/token/", "/api/auth/login/"]


def signed_in_paths(table: Table) -> list[str]:
    return ["/api/tables/", f"/api/tables/{table.pk}/actions/"]


def post(client: Client, path: str, body: str) -> object:
    return client.post(path, data=body, content_type="application/json")


def test_a_deeply_nested_body_is_a_400_parse_error(debug: bool, table: Table) -> None:
    client = APIClient(raise_request_exception=False)
    for path in ANONYMOUS_PATHS:
        response = post(client, path, DEEP)
        assert response.status_code == 400, path
        error = error_of(response)
        assert error["code"] == "parse_error"
        assert "32 levels" in error["message"]
    client.force_authenticate(table.seats.first().user)
    for path in signed_in_paths(table):
        response = post(client, path, DEEP)
        assert response.status_code == 400, path
        assert error_of(response)["code"] == "parse_error"


def test_nesting_up_to_the_limit_is_read(table: Table) -> None:
    client = APIClient()
    client.force_authenticate(table.seats.first().user)
    body = '{"action": ' + "[" * 30 + "]" * 30 + "}"
    response = post(client, f"/api/tables/{table.pk}/actions/", body)
    assert response.status_code == 400
    assert error_of(response)["code"] != "parse_error"


def test_an_oversize_body_is_a_413(debug: bool, table: Table) -> None:
    client = APIClient(raise_request_exception=False)
    for path in ANONYMOUS_PATHS:
        response = post(client, path, OVERSIZE)
        assert response.status_code == 413, path
        assert error_of(response)["code"] == "too_large"


def test_nan_is_not_json(table: Table) -> None:
    response = post(Client(), "/api/auth/login/", '{"username": NaN, "password": "x"}')
    assert response.status_code == 400
    assert error_of(response)["code"] == "parse_error"


def test_an_unknown_api_url_is_json_with_debug_on(debug: bool) -> None:
    response = Client().get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert error_of(response)["code"] == "not_found"


def test_a_disallowed_host_is_json_with_debug_on(debug: bool) -> None:
    response = Client().get("/api/users/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert error_of(response)["code"] == "bad_request"


def test_pages_keep_djangos_html_errors(debug: bool) -> None:
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
