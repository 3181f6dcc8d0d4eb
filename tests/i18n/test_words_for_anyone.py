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


# Words said after one declaration of any kind ("Tierce (20): Dario · beaten, not scored"):
# French's tierce is feminine and carré masculine, Bulgarian's терца feminine and каре neuter.
AFTER_ONE_DECLARATION = {"beaten, not scored"}
# Forms that agree with one kind, or with several declarations, as the catalogs once had them.
AGREEING = {
    "hr": re.compile(r"\b(?:slabija|slabiji|broje)\b"),
    "bg": re.compile(r"\b(?:бити|бит|броят)\b"),
    "fr": re.compile(r"\b(?:battues|battus|comptées|comptés|battu|compté)\b"),
}


@pytest.mark.parametrize("language", sorted(AGREEING))
def test_words_after_a_declaration_fit_every_kind(language: str) -> None:
    """They agree with the word for a declaration itself (annonce, обява, zvanje)."""
    said = [
        entry["msgstr"]
        for entry in read_po(LOCALE / language / "LC_MESSAGES" / "djangojs.po")
        if entry["msgid"] in AFTER_ONE_DECLARATION
    ]
    assert said, "the catalog has them"
    assert [words for words in said if AGREEING[language].search(words)] == []
