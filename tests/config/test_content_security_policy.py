"""Every page sends a Content-Security-Policy that lets it run only the site's own script files,
and no page holds a script of its own: a name or chat line that ever slipped past escaping
could run nothing (tests/e2e/test_content_security_policy.py: nothing a page needs is blocked).
"""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.test import Client

from accounts.services import match_rate
from tests.accounts.factories import finished_match
from tests.games.factories import bot_table, person, play_bots_to_end
from tests.tournaments.factories import tournament

pytestmark = pytest.mark.django_db

PUBLIC_PAGES = ["/", "/tables/", "/tournaments/", "/rules/coinche/", "/accounts/login/",
                "/accounts/register/", "/leaderboards/bulgarian/", "/api/docs/",
                "/admin/login/"]  # fmt: skip
# A <script> whose type the browser runs (JSON data blocks it never runs).
RUN_TYPES = {"", "module", "text/javascript", "application/javascript"}


def policy(answer: object) -> dict[str, list[str]]:
    """The directives of an answer's Content-Security-Policy, by name."""
    header: str = answer["Content-Security-Policy"]  # type: ignore[index]
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in directives}


class Inline(HTMLParser):
    """What a page would run or style in itself, not from a file: <script> elements the
    browser runs, handler attributes, <style> elements and style attributes (an SVG's too)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script" and "src" not in named and (named.get("type") or "") in RUN_TYPES:
            self.found.append(f"script at {self.getpos()}")
        if tag == "style":
            self.found.append(f"style at {self.getpos()}")
        self.found += [f"{tag} {name}" for name in named if name.startswith("on")]
        self.found += [f"{tag} style" for name in named if name == "style"]


def inline_code(path: str, page: str) -> list[str]:
    """What the page at `path` runs or styles in itself, but Swagger UI's own <style> on the
    API docs, which their policy lets in."""
    parser = Inline()
    parser.feed(page)
    if path == "/api/docs/":
        return [thing for thing in parser.found if not thing.startswith("style at")]
    return parser.found


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_every_page_lets_only_the_sites_script_files_run(client: Client, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200
    directives = policy(answer)
    assert directives["script-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["base-uri"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["connect-src"] == ["'self'"]  # the table's socket: same origin
    assert inline_code(path, answer.content.decode()) == []


class Links(HTMLParser):
    """The addresses a page's links lead to."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.found.append(href)


# Where the crawl does not go: the admin and the API's answers (their own tests), the status
# page (it waits for the workers, which no test here runs), files.
NOT_CRAWLED = ("/admin/", "/api/schema/", "/api/tables/", "/api/tournaments/", "/api/users/",
               "/status/", "/static/", "/jsi18n/")  # fmt: skip


def site_links(path: str, page: str) -> list[str]:
    """The site's own pages a page links to, by path (queries and fragments left out)."""
    parser = Links()
    parser.feed(page)
    paths = []
    for href in parser.found:
        address = urlsplit(urljoin(path, href))
        if address.netloc not in ("", "testserver") or address.path.startswith(NOT_CRAWLED):
            continue
        if not address.path.endswith((".csv", ".txt")):
            paths.append(address.path)
    return paths


def test_every_page_a_player_reaches_holds_no_script_or_style_of_its_own(client: Client) -> None:
    """Every page a signed-in player reaches by the site's links, from the home page, a
    finished match, an event and their own page: a new page is checked once it is linked."""
    player = person("scriptless")
    match_rate(match_id=finished_match([player, *(person() for _ in range(3))], winner_team=0).pk)
    table = play_bots_to_end(bot_table("belote", target=501))
    event = tournament(organizer=player)
    client.force_login(player)
    waiting = ["/", f"/tables/{table.pk}/", f"/tables/{table.pk}/hands/1/",
               f"/tournaments/{event.pk}/", "/players/scriptless/"]  # fmt: skip
    seen: set[str] = set()
    while waiting and len(seen) < 200:
        path = waiting.pop(0)
        if path in seen:
            continue
        seen.add(path)
        answer = client.get(path)
        if answer.status_code != 200 or not answer["Content-Type"].startswith("text/html"):
            continue
        assert policy(answer)["script-src"] == ["'self'"], path
        page = answer.content.decode()
        assert inline_code(path, page) == [], path
        waiting += site_links(path, page)
    assert len(seen) > 30, sorted(seen)  # the crawl went round the site


def test_only_the_api_docs_may_style_inline(client: Client) -> None:
    """Swagger UI's page carries its own <style>; no other page may (a player's rating chart
    carried one, and was drawn as a black blot)."""
    assert "'unsafe-inline'" in policy(client.get("/api/docs/"))["style-src"]
    assert policy(client.get("/"))["style-src"] == ["'self'"]
