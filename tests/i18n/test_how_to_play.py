"""The how-to-play pages stay true to the engine: every house rule it accepts, and each of its
values, is described on its rule set's page; the page is linked from the lobby, the table and
the tournament page."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation

from games import rules
from games.choices import Variant
from games.forms import HOUSE_RULE_LABELS
from tests.games.factories import bot_table
from tests.tournaments.factories import tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("variant", Variant.values)
@pytest.mark.parametrize("language", ["en", "bg", "hr", "fr"])
def test_every_house_rule_the_engine_accepts_is_described(variant: str, language: str) -> None:
    """By the name the lobby gives it; not by the engine's key ("Litige perdant
    (litige_fails)" read as code to a French player; docs/rules.md names the keys)."""
    page = Client().get(f"/rules/{variant}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    rules_section = page.split('id="house-rules"')[1]
    for rule, values in rules.VARIANTS[variant].house_rule_choices.items():
        with translation.override(language):
            name = str(HOUSE_RULE_LABELS[rule])
        assert f"<li>{name}" in rules_section, (variant, rule)
        assert rule not in rules_section, (variant, rule)
        for value in values:
            assert isinstance(value, bool) or str(value) in rules_section, (variant, rule, value)


def test_an_unknown_rule_set_has_no_page() -> None:
    assert Client().get("/rules/whist/").status_code == 404


def test_the_lobby_the_table_and_the_tournament_link_to_how_to_play() -> None:
    client = Client()
    organizer_event = tournament(variant="coinche")
    client.force_login(organizer_event.organizer)
    assert (
        'href="/rules/coinche/"'
        in client.get(f"/tournaments/{organizer_event.pk}/").content.decode()
    )
    assert (
        'href="/rules/bulgarian/"'
        in client.get(f"/tables/{bot_table('bulgarian').pk}/").content.decode()
    )
    lobby = client.get("/tables/").content.decode()
    assert all(f'href="/rules/{variant}/"' in lobby for variant in Variant.values)


SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)(\w)")
DOUBLED_WORD = re.compile(r"\b(\w+)\s+\1\b", re.I)
PARAGRAPH = re.compile(r"<(p|li)\b[^>]*>(.*?)</\1>", re.S)


@pytest.mark.parametrize("variant", Variant.values)
@pytest.mark.parametrize("language", ["en", "bg", "hr", "fr"])
def test_the_rule_set_words_read_as_sentences(variant: str, language: str) -> None:
    """The rule set's own words are put into the sentences, lowered: Coinche's page began a
    Bulgarian sentence "обява посочва..." and read "без без коз" ("no no trumps")."""
    page = Client().get(f"/rules/{variant}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    main = page[page.index("<main") : page.index("</main>")]
    amiss = []
    for _tag, inner in PARAGRAPH.findall(main):
        text = html.unescape(re.sub(r"<[^>]+>", "", inner)).strip()
        amiss += [text for start in SENTENCE_START.findall(text) if start.islower()]
        amiss += [f"{word} {word}: {text}" for word in DOUBLED_WORD.findall(text)]
    assert amiss == []
