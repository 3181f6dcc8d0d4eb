"""Refusal messages in the viewer's language. Services and the rules engine (pure, English)
give English messages with a stable code; they are translated here, where they leave for a
person, by their catalog entry or, for those that carry a value, by their pattern."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import gettext, gettext_noop, pgettext

# Messages that carry values: the English pattern and its translatable template.
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
        (r"^Deal (?P<number>\d+): (?P<reason>.+)$", gettext_noop("Deal %(number)s: %(reason)s")),
        (
            r"^Messages are at most (?P<limit>\d+) characters\.$",
            gettext_noop("Messages are at most %(limit)s characters."),
        ),
        (r"^No API endpoint at (?P<path>\S+)\.$", gettext_noop("No API endpoint at %(path)s.")),
        (
            r"^Send JSON objects as text\. (?P<reason>.+)$",
            gettext_noop("Send JSON objects as text. %(reason)s"),
        ),
    )
)

# Values that are words themselves (the strains of a bid).
VALUE_WORDS: dict[str, Callable[[], str]] = {
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
            values = {
                name: refusal_in_language(value) if name == "reason" else _value_word(value)
                for name, value in found.groupdict().items()
            }
            return gettext(template) % values
    return message


def _value_word(value: str) -> str:
    word = VALUE_WORDS.get(value)
    return word() if word else value
