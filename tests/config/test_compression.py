"""Pages, API answers and the script catalog travel compressed to a browser that accepts it:
a Bulgarian player's phone fetched a table page and its 40 kB catalog as plain text."""

from __future__ import annotations

import gzip
import json

import pytest
from django.test import Client

from tests.games.factories import bot_table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/", "/tables/{table}/", "/jsi18n/", "/api/tables/"])
def test_a_browser_accepting_gzip_gets_it_and_the_same_content(path: str) -> None:
    address = path.format(table=bot_table("bulgarian").pk)
    browser = Client(HTTP_ACCEPT_LANGUAGE="bg")
    plain = browser.get(address)
    packed = browser.get(address, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    unpacked = gzip.decompress(packed.content)
    assert len(packed.content) < len(unpacked)
    if path.startswith("/api/"):
        assert json.loads(unpacked) == plain.json()
    else:
        # Pages differ only in their per-response CSRF token, not in length.
        assert len(unpacked) == len(plain.content)


@pytest.mark.parametrize("path", ["/api/tables/999999/", "/api/no/such/address/"])
def test_an_api_error_stays_a_json_body_when_compressed(path: str) -> None:
    # The API's error middleware reads the body it answers: it must see it uncompressed.
    packed = Client().get(path, HTTP_ACCEPT_ENCODING="gzip")
    assert packed.status_code == 404
    body = packed.content
    if packed.get("Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    assert json.loads(body)["error"]["code"] == "not_found"
