"""The home page tells the truth from the database; the API schema and docs are served."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tournaments.demo import SAMPLE_TOURNAMENT, demo_data_load

pytestmark = pytest.mark.django_db


def test_home_page_without_data_says_so(client: Client) -> None:
    page = client.get("/").content.decode()
    assert "No tournaments yet." in page
    assert "No computer players yet." in page


def test_home_page_lists_tournaments_and_bots(client: Client) -> None:
    demo_data_load()
    page = client.get("/").content.decode()
    assert SAMPLE_TOURNAMENT in page
    assert "Bot (Easy)" in page and "Bot (Hard)" in page
    assert "No tournaments yet." not in page


def test_openapi_schema_is_served(client: Client) -> None:
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Belote platform API"


def test_api_docs_load_nothing_from_outside(client: Client) -> None:
    page = client.get("/api/docs/").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert assets, "the docs page references its assets"
    assert [url for url in assets if re.match(r"(https?:)?//", url)] == []
    for url in assets:
        assert client.get(url).status_code == 200, url


def test_bots_are_listed_weakest_first(client: Client) -> None:
    demo_data_load()
    page = client.get("/").content.decode()
    assert page.index("Bot (Easy)") < page.index("Bot (Medium)") < page.index("Bot (Hard)")
