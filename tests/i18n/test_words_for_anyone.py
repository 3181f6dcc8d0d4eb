"""A sentence about a named player does not guess their gender: Croatian past tenses and
Bulgarian and French participles agree with the subject, so "Adut: ♥ Herc, zvao Chloé" told
Chloé she is a man. The translations use present tenses, nouns or a colon instead."""

from __future__ import annotations

import re

import pytest

from tests.i18n.catalogs import DOMAINS, LOCALE, read_po

# A person (or an entry: a person or a pair) the sentence is about.
PERSON = re.compile(r"%\((?:name|player|partner|entry|withdrawn)\)s")
# Forms that agree with a masculine subject, as the catalogs once had them.
MASCULINE = {
    "hr": re.compile(r"\b(?:je )?(?:zvao|pozvao|odigrao|napustio|ispao|povukao|uzeo|igrao)\b"),
    "bg": re.compile(r"\b(?:отпаднал|обявил|взел|поканил|напуснал|играл|изиграл)\b"),
    "fr": re.compile(r"\b(?:s'est retiré|inscrit|parti|invité|éliminé|qu'il accepte)\b"),
}


@pytest.mark.parametrize("language", sorted(MASCULINE))
def test_no_sentence_about_a_player_guesses_their_gender(language: str) -> None:
    guessed = []
    for domain in DOMAINS:
        for entry in read_po(LOCALE / language / "LC_MESSAGES" / f"{domain}.po"):
            translated = " ".join(v for k, v in entry.items() if k.startswith("msgstr"))
            if PERSON.search(entry["msgid"]) and MASCULINE[language].search(translated):
                guessed.append(translated)
    assert guessed == []
