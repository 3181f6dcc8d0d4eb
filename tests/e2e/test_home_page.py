"""A real browser loads the home page from the real ASGI server, styles and all."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.helpers import Server, artifact_path
from tournaments.demo import SAMPLE_TOURNAMENT, demo_data_load

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_home_page_shows_demo_data_in_a_browser(page: Page, asgi_server: Server) -> None:
    demo_data_load()
    failed_requests: list[str] = []
    page.on("requestfailed", lambda request: failed_requests.append(request.url))
    response = page.goto(asgi_server.url + "/")
    assert response is not None and response.status == 200
    expect(page.get_by_role("heading", level=1)).to_have_text("Belote tournaments online")
    expect(page.get_by_role("cell", name=SAMPLE_TOURNAMENT)).to_be_visible()
    expect(page.get_by_text("Bot (Hard)")).to_be_visible()
    # The stylesheet was served (WhiteNoise) and applied: the header has the felt colour.
    header_colour = page.locator("header").evaluate("e => getComputedStyle(e).backgroundColor")
    assert header_colour == "rgb(15, 81, 50)"
    page.screenshot(path=artifact_path("home.png"), full_page=True)
    assert failed_requests == []


def test_api_docs_render_offline(page: Page, asgi_server: Server) -> None:
    outside: list[str] = []
    page.on(
        "request",
        lambda request: (
            outside.append(request.url) if not request.url.startswith(asgi_server.url) else None
        ),
    )
    page.goto(asgi_server.url + "/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Belote platform API")
    page.screenshot(path=artifact_path("api-docs.png"))
    assert outside == []
