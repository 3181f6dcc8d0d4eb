"""Every page in Bulgarian, Croatian and French: no English message left on it.

The English texts looked for are the catalog's own message ids, so a string the catalog knows
but a page shows untranslated (a missing `translate`, a value formatted too early) fails here.
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation

from games.choices import Variant
from tests.accounts.factories import make_user, rate
from tests.games.factories import bot_table, play_bots_to_end
from tests.i18n.catalogs import LANGUAGES, LOCALE, read_po
from tests.tournaments.factories import ready_to_start

pytestmark = pytest.mark.django_db

HIDDEN = re.compile(r"<(script|style)\b.*?</\1>|<!--.*?-->", re.S)
TAG = re.compile(r"<[^>]+>")
# Words the same in every language (names of things, codes).
SAME_EVERYWHERE = {"API", "Buchholz", "Sonneborn-Berger", "Format", "Table", "Match", "Points"}


def english_sentences(language: str) -> set[str]:
    """Message ids of two words or more, with no placeholder, that the language translates."""
    entries = read_po(LOCALE / language / "LC_MESSAGES" / "django.po")
    return {
        e["msgid"]
        for e in entries
        if " " in e["msgid"]
        and "%(" not in e["msgid"]
        and "<" not in e["msgid"]
        and e.get("msgstr", "") not in ("", e["msgid"])
        and e["msgid"] not in SAME_EVERYWHERE
    }


def visible_text(page: str, spaces: str = r"\s+") -> str:
    """The text a reader sees (and attributes they hear), `spaces` collapsed into one."""
    attributes = " ".join(re.findall(r'(?:aria-label|title|placeholder)="([^"]*)"', page))
    text = TAG.sub(" ", HIDDEN.sub(" ", page)) + " " + attributes
    return re.sub(spaces, " ", html.unescape(text))


@pytest.fixture
def pages() -> tuple[Client, list[str]]:
    """A signed-in organizer and every page, with data on each."""
    organizer = make_user("organizer1", is_staff=True)
    rate(organizer, "bela", 1510, 3)
    finished = play_bots_to_end(bot_table("belote", target=501))
    live = bot_table("bulgarian")
    event, _people = ready_to_start(bot_entries=4, organizer=organizer)
    client = Client()
    client.force_login(organizer)
    urls = [
        "/", "/tables/", f"/tables/{live.pk}/", f"/tables/{finished.pk}/",
        f"/tables/{finished.pk}/hands/", f"/tables/{finished.pk}/hands/1/",
        f"/tables/{finished.pk}/deals/",
        "/tournaments/", f"/tournaments/{event.pk}/", "/tournaments/new/",
        f"/tournaments/{event.pk}/edit/", "/leaderboards/bela/",
        "/players/organizer1/", "/accounts/profile/", "/accounts/password/",
        *(f"/rules/{variant}/" for variant in Variant.values),
    ]  # fmt: skip
    return client, urls


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_shows_an_english_message(pages: tuple[Client, list[str]], language: str) -> None:
    client, urls = pages
    sentences = english_sentences(language)
    left = {}
    for url in [*urls, "/accounts/login/", "/accounts/register/"]:
        visitor = client if not url.startswith("/accounts/log") else Client()
        response = visitor.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, url
        body = response.content.decode()
        assert f'<html lang="{language}">' in body, url
        text = visible_text(body)
        found = sorted(s for s in sentences if s in text)
        if found:
            left[url] = found
    assert left == {}


def test_the_check_finds_an_english_message() -> None:
    with translation.override("en"):
        text = visible_text(Client().get("/").content.decode())
    assert {"Play now", "Computer players"} <= {s for s in english_sentences("fr") if s in text}


ROW = re.compile(r"<tr\b.*?</tr>", re.S)
COLUMN_NAME = re.compile(r'<th\b[^>]*scope="col"[^>]*>(.*?)</th>', re.S)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_no_table_names_two_columns_alike(pages: tuple[Client, list[str]], language: str) -> None:
    """French named both the fair-deals page's hand number and its deal's name "Donne"."""
    client, urls = pages
    alike = {}
    for url in urls:
        body = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for row in ROW.findall(HIDDEN.sub(" ", body)):
            names = [visible_text(name).strip() for name in COLUMN_NAME.findall(row)]
            twice = sorted({name for name in names if name and names.count(name) > 1})
            if twice:
                alike[url] = twice
    assert alike == {}


DOUBLED_STOP = re.compile(r"(?<!\.)\.\.(?!\.)")


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_no_sentence_ends_twice(pages: tuple[Client, list[str]], language: str) -> None:
    """Croatian dates end in a full stop ("6.12.2026."): a sentence ending in one read
    "Pridružio se 6.12.2026.." on a player's page."""
    client, urls = pages
    doubled = {}
    for url in urls:
        text = visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
        found = [text[max(0, m.start() - 30) : m.end()] for m in DOUBLED_STOP.finditer(text)]
        if found:
            doubled[url] = found
    assert doubled == {}


# French sets ":", ";", "!" and "?" apart from the word before by a space that never breaks
# (the catalogs hold it; tests/i18n/test_catalogs.py): none glued on, none after a plain space.
FRENCH_PUNCTUATION_AMISS = re.compile(r"(?:[^\s\d]| )[:;!?](?=\s|$)")
BREAKING_SPACES = r"[ \t\r\n]+"  # not the non-breaking ones, which the check looks for
CODE = re.compile(r"<code\b.*?</code>", re.S)  # "Authorization: Token ..." is typed as shown


@pytest.mark.slow
def test_french_pages_set_their_punctuation_apart(pages: tuple[Client, list[str]]) -> None:
    """A player's page read "Bela croate: 1 510" and an organizer's confirmation
    "Lancer: Coupe": the colon was written by the template, outside any message."""
    client, urls = pages
    event_url = next(url for url in urls if re.fullmatch(r"/tournaments/\d+/", url))
    amiss = {}
    for url in [*urls, f"{event_url}start/"]:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
        assert response.status_code == 200, url
        text = visible_text(CODE.sub(" ", response.content.decode()), spaces=BREAKING_SPACES)
        found = [
            text[max(0, m.start() - 30) : m.end()] for m in FRENCH_PUNCTUATION_AMISS.finditer(text)
        ]
        if found:
            amiss[url] = found
    assert amiss == {}
