"""What search engines read: a description of the site in the reader's language on every page,
and a robots.txt keeping crawlers out of forms, the API and each table's moment-to-moment pages
(without one a crawler walked every replay and form)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

DESCRIPTIONS = {
    "en": "Play Bulgarian Belot, Croatian Bela, French Belote and Coinche online",
    "bg": "Играйте онлайн български белот",
    "hr": "Igrajte online bugarski belot",
    "fr": "Jouez en ligne à la belote bulgare",
}


@pytest.mark.parametrize("language", sorted(DESCRIPTIONS))
@pytest.mark.parametrize("path", ["/", "/tournaments/", "/rules/bela/"])
def test_every_page_describes_the_site_in_the_readers_language(language: str, path: str) -> None:
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(path).content.decode()
    found = re.findall(r'<meta name="description" content="([^"]+)">', page)
    assert len(found) == 1 and found[0].startswith(DESCRIPTIONS[language]), found


def test_robots_txt_keeps_crawlers_to_the_public_pages(client: Client) -> None:
    answer = client.get("/robots.txt")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/plain")
    rules = answer.content.decode().splitlines()
    assert rules[0] == "User-agent: *"
    for private in ("/admin/", "/api/", "/accounts/", "/tables/*/"):
        assert f"Disallow: {private}" in rules
    assert "Disallow: /" not in rules and "Disallow: /tables/" not in rules  # the lobby is public
