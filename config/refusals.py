"""Refusal messages in the viewer's language. Services and the rules engine (pure, English)
give English messages with a stable code; they are translated here, where they leave for a
person, by their catalog entry. A service's message keeps its values apart (ServiceError's
`values`); the engine's, which may not import Django, are read back by their pattern."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop, pgettext

# The engine's messages that carry values: the English pattern and its translatable template.
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), template)
    for pattern, template in (
        (
            r"^You must bid higher than (?P<bid>\w+)$",
            gettext_noop("You must bid higher than %(bid)s"),
        ),
        (
            r"^You must bid more than (?P<value>\d+)$",
            gettext_noop("You must bid more than %(value)s"),
        ),
        (r"^You do not hold (?P<card>\w+)$", gettext_noop("You do not hold %(card)s")),
        (r"^It is seat (?P<seat>\d)'s turn$", gettext_noop("It is seat %(seat)s's turn")),
        (
            r"^Round two: name a suit other than (?P<suit>\w+)$",
            gettext_noop("Round two: name a suit other than %(suit)s"),
        ),
        (r"^You must follow (?P<suit>\w+)$", gettext_noop("You must follow %(suit)s")),
        (
            r"^You must play a higher trump: you hold one above (?P<card>\w+)$",
            gettext_noop("You must play a higher trump: you hold one above %(card)s"),
        ),
        (
            r"^You must beat (?P<card>\w+): you hold a higher (?P<suit>\w+)$",
            gettext_noop("You must beat %(card)s: you hold a higher card in %(suit)s"),
        ),
        (
            r"^You must overtrump (?P<card>\w+): you hold a higher trump$",
            gettext_noop("You must overtrump %(card)s: you hold a higher trump"),
        ),
        (
            r"^You must play a trump \((?P<trump>\w+)\): you cannot follow (?P<suit>\w+)$",
            gettext_noop("You must play a trump (%(trump)s): you cannot follow %(suit)s"),
        ),
        (
            r"^You must trump with (?P<trump>\w+): you cannot follow (?P<suit>\w+)$",
            gettext_noop("You must trump with %(trump)s: you cannot follow %(suit)s"),
        ),
        (
            r"^You must trump with (?P<trump>\w+): you cannot follow (?P<suit>\w+) and an "
            r"opponent is winning$",
            gettext_noop(
                "You must trump with %(trump)s: you cannot follow %(suit)s and an opponent "
                "is winning"
            ),
        ),
        (r"^(?P<text>'.*') is not a bid$", gettext_noop("%(text)s is not a bid")),
        (
            r"^(?P<text>'.*') is not a card \(use codes like Js, Th, 7c\)$",
            gettext_noop("%(text)s is not a card (use codes like Js, Th, 7c)"),
        ),
        (
            r"^(?P<variant>\w+) has no bid (?P<bid>'.*')$",
            gettext_noop("%(variant)s has no bid %(bid)s"),
        ),
        (
            r"^(?P<variant>\w+) has no house rule (?P<rule>'.*')$",
            gettext_noop("%(variant)s has no house rule %(rule)s"),
        ),
        (
            r"^house rule (?P<rule>'.*') cannot be (?P<value>.*)$",
            gettext_noop("House rule %(rule)s cannot be %(value)s"),
        ),
    )
)

# The engine's messages given back as values (games.rules.play.refusal), not written as an
# error's argument where makemessages would find them.
RETURNED = (
    gettext_noop("You must overtrump: the trick holds a trump and you hold a higher trump"),
    gettext_noop("You must overtrump: an opponent has trumped and you hold a higher trump"),
)

# Values that are words themselves (the strains of a bid, a suit named once, a rule set).
VALUE_WORDS: dict[str, Callable[[], str]] = {
    "club": lambda: pgettext("suit", "clubs"),
    "diamond": lambda: pgettext("suit", "diamonds"),
    "heart": lambda: pgettext("suit", "hearts"),
    "spade": lambda: pgettext("suit", "spades"),
    "bulgarian": lambda: gettext("Bulgarian Belot"),
    "bela": lambda: gettext("Croatian Bela"),
    "belote": lambda: gettext("French Belote"),
    "coinche": lambda: gettext("Coinche"),
    "clubs": lambda: pgettext("suit", "clubs"),
    "diamonds": lambda: pgettext("suit", "diamonds"),
    "hearts": lambda: pgettext("suit", "hearts"),
    "spades": lambda: pgettext("suit", "spades"),
    "no_trumps": lambda: gettext("No trumps"),
    "all_trumps": lambda: gettext("All trumps"),
}


def refusal_in_language(message: str) -> str:
    """`message` (English) in the active language; English when no translation is known."""
    translated = gettext(message)
    if translated != message:
        return translated
    for pattern, template in PATTERNS:
        found = pattern.match(message)
        if found:
            values = {name: _value_word(value) for name, value in found.groupdict().items()}
            return gettext(template) % values
    return message


def _value_word(value: str) -> str:
    word = VALUE_WORDS.get(value)
    return word() if word else value


def filled_in(template: str, values: dict[str, object]) -> str:
    """An English message with named placeholders, in the active language, filled in."""
    translated = refusal_in_language(template)
    return translated % values if values else translated


# A message passed on inside another (ServiceError's `values`), translated when it is filled in.
refusal_lazy = lazy(refusal_in_language, str)
