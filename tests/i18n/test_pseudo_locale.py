"""A pseudo-locale catches strings that bypass translation: every message of our catalogs is
shown as ⟦message⟧, so any Latin word left outside the brackets on a page never went through
gettext. Django's own messages (forms, admin) come in real Bulgarian, which has no Latin words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import Client, override_settings

from accounts.models import User
from games.choices import Variant
from games.queries import BOT_SEAT_NAMES
from tests.accounts.factories import make_user, rate
from tests.games.factories import bot_table, play_bots_to_end
from tests.i18n.catalogs import DOMAINS, LOCALE, read_po, write_mo
from tests.i18n.test_pages_in_every_language import visible_text
from tests.tournaments.factories import ready_to_start

pytestmark = pytest.mark.django_db

PLURALS = "nplurals=2; plural=(n != 1);"
# The language switch names each language in itself, on purpose.
SWITCH = re.compile(r'<form class="language-switch".*?</form>', re.S)
BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")
LATIN_WORD = re.compile(r"[A-Za-zÀ-ɏ][A-Za-zÀ-ɏ'’-]{2,}")
# Keys are named as printed on the keyboard.
KEYS = re.compile(r"<kbd>.*?</kbd>", re.S)
# Not words to translate: protocol names, codes, the rating system.
NOT_WORDS = {"API", "CSV", "UTC", "Elo", "Authorization", "Token", "key", "Buchholz"}
# Each language in its own name, in the profile's choice of language.
NOT_WORDS |= {"English", "Hrvatski", "Français"}


def pseudo(text: str) -> str:
    return f"⟦{text}⟧"


@pytest.fixture
def pseudo_bulgarian(tmp_path: Path) -> Iterator[None]:
    """Bulgarian replaced by the pseudo-locale, for our catalogs only."""
    for domain in DOMAINS:
        catalog = {"": f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {PLURALS}\n"}
        for entry in read_po(LOCALE / "bg" / "LC_MESSAGES" / f"{domain}.po"):
            key = entry["msgid"]
            if "msgctxt" in entry:
                key = f"{entry['msgctxt']}\x04{key}"
            if "msgid_plural" in entry:
                catalog[f"{key}\0{entry['msgid_plural']}"] = (
                    pseudo(entry["msgid"]) + "\0" + pseudo(entry["msgid_plural"])
                )
            else:
                catalog[key] = pseudo(entry["msgid"])
        write_mo(tmp_path / "bg" / "LC_MESSAGES" / f"{domain}.mo", catalog)
    with override_settings(LOCALE_PATHS=[tmp_path]):
        yield


def bypassing_words(page: str, names: list[str]) -> set[str]:
    """Latin words on a page that are not inside a translated message (nor a player's name)."""
    text = visible_text(KEYS.sub(" ", SWITCH.sub("", page)))
    while BRACKETED.search(text):
        text = BRACKETED.sub(" ", text)
    allowed = NOT_WORDS | {word for name in names for word in LATIN_WORD.findall(name)}
    return {word for word in LATIN_WORD.findall(text) if word not in allowed}


@pytest.mark.slow
def test_every_string_on_every_page_goes_through_translation(pseudo_bulgarian: None) -> None:
    organizer = make_user("организатор", display_name="Организатор", is_staff=True)
    rate(organizer, "bela", 1510, 3)
    finished = play_bots_to_end(bot_table("belote", target=501))
    live = bot_table("bulgarian")
    event, _people = ready_to_start(bot_entries=4, organizer=organizer, name="Купа")
    client = Client()
    client.force_login(organizer)
    urls = [
        "/", "/tables/", f"/tables/{live.pk}/", f"/tables/{finished.pk}/",
        f"/tables/{finished.pk}/hands/", f"/tables/{finished.pk}/hands/1/",
        "/tournaments/", f"/tournaments/{event.pk}/", "/tournaments/new/",
        f"/tournaments/{event.pk}/edit/", "/leaderboards/bela/",
        f"/players/{organizer.username}/", "/accounts/profile/", "/accounts/password/",
        *(f"/rules/{variant}/" for variant in Variant.values),
    ]  # fmt: skip
    names = [*(str(user) for user in User.objects.all()), *BOT_SEAT_NAMES]
    bypassing = {}
    for url in urls:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="bg")
        assert response.status_code == 200, url
        words = bypassing_words(response.content.decode(), names)
        if words:
            bypassing[url] = sorted(words)
    assert bypassing == {}, "\n".join(f"{url}: {words}" for url, words in bypassing.items())
