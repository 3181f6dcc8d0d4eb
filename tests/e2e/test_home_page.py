"""A real browser loads the home page from the real ASGI server, styles and all."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.screen import SIZES
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
    expect(page.get_by_role("link", name="Hard", exact=True)).to_be_visible()
    # The stylesheet was served (WhiteNoise) and applied: the header has the felt colour.
    header_colour = page.locator("header").evaluate("e => getComputedStyle(e).backgroundColor")
    assert header_colour == "rgb(15, 81, 50)"
    page.screenshot(path=artifact_path("home.png"), full_page=True)
    assert failed_requests == []


@pytest.mark.parametrize("language", ["en", "bg", "hr", "fr"])
def test_the_computer_players_ratings_fit_a_phone(
    page: Page, asgi_server: Server, language: str
) -> None:
    # Headed "Бот (Лесно)", "Бот (Средно)", "Бот (Трудно)", the table was wider than a phone:
    # the hard level's column was cut at the card's edge, to be scrolled for.
    demo_data_load()
    page.set_viewport_size(SIZES["phone"])
    page.set_extra_http_headers({"Accept-Language": language})
    page.goto(asgi_server.url + "/")
    ratings = page.locator("table.bot-ratings")
    expect(ratings.locator("tbody tr")).to_have_count(4)
    assert ratings.evaluate("(table) => table.scrollWidth <= table.clientWidth")
    ratings.screenshot(path=artifact_path(f"home-computer-ratings-{language}-phone.png"))


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


# Each choice of the game against the computer: where its name sits against its list.
CHOICES = """(formId) => [...document.querySelectorAll(`#${formId} select`)]
  .filter((select) => select.closest('.choices') && select.checkVisibility())
  .map((select) => {
    const name = document.querySelector(`label[for="${select.id}"]`).getBoundingClientRect();
    const list = select.getBoundingClientRect();
    const above = name.bottom <= list.top + 1 && Math.abs(name.left - list.left) < 2;
    return {id: select.id, above};
  })"""


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("path", "form_id"), [("/", "quick-play"), ("/tables/", "new-table")])
def test_the_game_against_the_computer_keeps_each_name_over_its_list_and_its_button_stands_out(
    page: Page, asgi_server: Server, language: str, path: str, form_id: str
) -> None:
    page.set_extra_http_headers({"Accept-Language": language})
    page.goto(asgi_server.url + path)
    play = page.locator(f"#{form_id} button[value=guest]")
    for size_name, size in SIZES.items():
        page.set_viewport_size(size)
        choices = page.evaluate(CHOICES, form_id)
        assert len(choices) >= 3 and all(c["above"] for c in choices), (size_name, choices)
        assert page.locator(f"#{form_id} fieldset:visible").count() <= 1, "one rule set's"
        box = play.bounding_box()
        assert box is not None and box["height"] >= 44, "a finger-sized button"
        background = play.evaluate("e => getComputedStyle(e).backgroundColor")
        assert background == "rgb(15, 81, 50)", "the felt's colour: the page's main action"
        page.screenshot(path=artifact_path(f"play-form-{form_id}-{language}-{size_name}.png"))
