"""The game in the words players use, for server-rendered pages (the table's script has its
own in games/static/games/words.js)."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

register = template.Library()

SUITS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}


@register.filter
def bid_words(bid: str | None) -> str:
    """A bid or contract as said at the table: "♥ Hearts", "100 ♠", "No trumps"."""
    if not bid:
        return _("Thrown in")
    names = {
        "clubs": _("Clubs"), "diamonds": _("Diamonds"), "hearts": _("Hearts"),
        "spades": _("Spades"), "no_trumps": _("No trumps"), "all_trumps": _("All trumps"),
        "pass": _("Pass"), "double": _("Double"), "redouble": _("Redouble"),
        "coinche": _("Coinche"), "surcoinche": _("Surcoinche"), "take": _("Take"),
    }  # fmt: skip
    if bid in SUITS:
        return f"{SUITS[bid]} {names[bid]}"
    if bid in names:
        return names[bid]
    value, _space, suit = bid.partition(" ")
    if suit in SUITS:
        return f"{_('Capot') if value == 'capot' else value} {SUITS[suit]}"
    return bid


@register.filter
def outcome_words(outcome: str) -> str:
    """How a hand ended, as a word."""
    words = {
        "made": _("made"), "failed": _("failed"), "tie": _("hanging (a tie)"),
        "thrown_in": _("Thrown in"),
    }  # fmt: skip
    return words.get(outcome, outcome)
