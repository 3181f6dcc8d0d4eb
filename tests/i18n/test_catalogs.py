"""The committed catalogs: complete in every language, compiled from their sources, placeholders
kept, and loaded by Django with nothing but Python (no system gettext at run time)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tests.i18n.catalogs import DOMAINS, LANGUAGES, LOCALE, mo_catalog, po_catalog, read_po

PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]")
CATALOGS = [(language, domain) for language in LANGUAGES for domain in DOMAINS]


@pytest.mark.parametrize(("language", "domain"), CATALOGS)
def test_every_message_is_translated(language: str, domain: str) -> None:
    entries = read_po(LOCALE / language / "LC_MESSAGES" / f"{domain}.po")
    assert len(entries) > 50
    untranslated = [
        e["msgid"] for e in entries if not all(v for k, v in e.items() if k.startswith("msgstr"))
    ]
    assert untranslated == []


@pytest.mark.parametrize(("language", "domain"), CATALOGS)
def test_compiled_catalogs_match_their_sources(language: str, domain: str) -> None:
    folder = LOCALE / language / "LC_MESSAGES"
    assert mo_catalog(folder / f"{domain}.mo") == po_catalog(folder / f"{domain}.po")


@pytest.mark.parametrize(("language", "domain"), CATALOGS)
def test_translations_keep_every_placeholder(language: str, domain: str) -> None:
    for entry in read_po(LOCALE / language / "LC_MESSAGES" / f"{domain}.po"):
        wanted = set(PLACEHOLDER.findall(entry["msgid"] + entry.get("msgid_plural", "")))
        if "msgstr" in entry:
            assert set(PLACEHOLDER.findall(entry["msgstr"])) == wanted, entry
        else:  # a plural form may leave out the number ("one table" for 1)
            forms = [v for k, v in entry.items() if k.startswith("msgstr[")]
            assert all(set(PLACEHOLDER.findall(form)) <= wanted for form in forms), entry


@pytest.mark.parametrize("language", LANGUAGES)
def test_django_loads_the_committed_catalogs(language: str) -> None:
    with translation.override(language):
        assert translation.gettext("Play against the computer") != "Play against the computer"


# French sets a space before ":", ";", "!" and "?" and inside « », one that never breaks: a
# plain space let a line begin with "?" or a lone ":".
BREAKABLE_FRENCH_SPACE = re.compile(r" [:;!?»]|« ")


@pytest.mark.parametrize("domain", DOMAINS)
def test_french_punctuation_keeps_to_its_word(domain: str) -> None:
    breakable = []
    for entry in read_po(LOCALE / "fr" / "LC_MESSAGES" / f"{domain}.po"):
        forms = [v for k, v in entry.items() if k.startswith("msgstr")]
        breakable += [form for form in forms if BREAKABLE_FRENCH_SPACE.search(form)]
    assert breakable == []
