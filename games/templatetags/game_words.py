"""The game in the words players use, for server-rendered pages (the table's script has its
own in games/static/games/words.js)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.translation import gettext as _

from games.glossary import term

register = template.Library()

SUITS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}


def _call_names() -> dict[str, str]:
    """Each suit and call in words, in the active language."""
    return {
        "clubs": _("Clubs"), "diamonds": _("Diamonds"), "hearts": _("Hearts"),
        "spades": _("Spades"), "no_trumps": _("No trumps"), "all_trumps": _("All trumps"),
        "pass": _("Pass"), "double": _("Double"), "redouble": _("Redouble"),
        "coinche": _("Coinche"), "surcoinche": _("Surcoinche"), "take": _("Take"),
    }  # fmt: skip


def _bid(bid: str | None, *, signs: bool) -> str:
    """A bid or contract as said at the table, its suits as signs as seen ("♥ Hearts", "100 ♠")
    or as names as a screen reader should say them ("Hearts", "100 Spades")."""
    if not bid:
        return _("Thrown in")
    names = _call_names()
    if bid in SUITS:
        return f"{SUITS[bid]} {names[bid]}" if signs else names[bid]
    if bid in names:
        return names[bid]
    value, _space, suit = bid.partition(" ")
    if suit in SUITS:
        return (
            f"{_('Capot') if value == 'capot' else value} {SUITS[suit] if signs else names[suit]}"
        )
    return bid


@register.simple_tag
def contract_words(contract: dict[str, Any] | None, variant: str) -> str:
    """A hand's contract as seen ("100 ♠ ×2") and as a screen reader should hear it ("100
    Spades Coinche"): it may skip a sign, or read it in another language than the page's."""
    bid = contract.get("bid") if contract else None
    multiplier = int(contract.get("multiplier", 1)) if contract else 1
    seen, heard = _bid(bid, signs=True), _bid(bid, signs=False)
    if multiplier > 1:
        seen += f" ×{multiplier}"
        heard += " " + term(variant, "double" if multiplier == 2 else "redouble")
    if seen == heard:
        return conditional_escape(seen)
    return format_html(
        '<span aria-hidden="true">{}</span><span class="visually-hidden">{}</span>', seen, heard
    )


@register.filter
def outcome_words(outcome: str) -> str:
    """How a hand ended, as a word."""
    words = {
        "made": _("made"), "failed": _("failed"), "tie": _("hanging (a tie)"),
        "thrown_in": _("Thrown in"),
    }  # fmt: skip
    return words.get(outcome, outcome)
