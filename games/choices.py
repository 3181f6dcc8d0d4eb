"""Names shared by every app: the rule sets played and the strengths of computer players.

What is offered comes from the registries (the engine's `VARIANTS`, the bots' `BOTS`), read
each time, so a rule set or bot level added there is offered without a migration; the enums
here give the known ones a constant and a translated name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.bots import BOTS
from games.rules.variants import VARIANTS

if TYPE_CHECKING:  # a type only: the stubs are not installed in production
    from django_stubs_ext import StrOrPromise


class Variant(models.TextChoices):
    """The translated names of the rule sets (docs/rules.md); the value is the engine's rule-set
    name."""

    BULGARIAN = "bulgarian", _("Bulgarian Belot")
    BELA = "bela", _("Croatian Bela")
    BELOTE = "belote", _("French Belote")
    # Apart from the call of the same English name: Bulgarian names the game "Коанш", the
    # call "Контра".
    COINCHE = "coinche", pgettext_lazy("rule set", "Coinche")


class BotLevel(models.TextChoices):
    """The translated names of the computer players' strengths, weakest first."""

    EASY = "easy", _("Easy")
    MEDIUM = "medium", _("Medium")
    HARD = "hard", _("Hard")


def variant_choices() -> list[tuple[str, StrOrPromise]]:
    """Every rule set of the engine's registry, by its translated name (else its own)."""
    labels = dict(Variant.choices)
    return [(name, labels.get(name, name)) for name in VARIANTS]


def variant_label(name: str) -> str:
    """A rule set's translated name."""
    return str(dict(variant_choices())[name])


def bot_level_choices() -> list[tuple[str, StrOrPromise]]:
    """Every bot level offered to players, from the bots' registry, by translated name."""
    labels = dict(BotLevel.choices)
    return [(name, labels.get(name, name)) for name, bot in BOTS.items() if bot.offered]


# The rule set the players of a language call belote: offered first to a visitor reading it.
HOME_VARIANTS = {"bg": Variant.BULGARIAN, "hr": Variant.BELA, "fr": Variant.BELOTE}


def variant_offered(user: object, language: str | None, fallback: str) -> str:
    """The rule set a page offers first: the one the user chose in their profile, else the
    one of the language the page speaks, else `fallback`."""
    chosen = getattr(user, "preferred_variant", "")
    if chosen in VARIANTS:
        return str(chosen)
    return str(HOME_VARIANTS.get((language or "")[:2], fallback))


def variant_names() -> list[str]:
    """The rule-set names a request may give."""
    return list(VARIANTS)


def bot_level_names() -> list[str]:
    """The bot levels a request may give."""
    return [name for name, _label in bot_level_choices()]
