"""Each game in its own words: the terms players of each rule set use, per language.

The one place for game vocabulary (the engine, games/rules, stays pure and English): Bulgarian
Belot is played with "коз", "без коз", "всичко коз" and "валат"; Croatian Bela with "adut",
"zvanje", "štiglja" and "dalje"; Coinche and French Belote with "contrat", "coinche" and
"capot". The table's script receives the terms of its rule set in the viewer's language; pages
use `term` (games.templatetags.game_words).
"""

from __future__ import annotations

from django.utils.translation import get_language

LANGUAGES = ("en", "bg", "hr", "fr")

# term -> (English, Bulgarian, Croatian, French): what every rule set calls it unless it has
# its own word below.
COMMON: dict[str, tuple[str, str, str, str]] = {
    "trumps": ("Trumps", "Коз", "Adut", "Atout"),
    "no_trumps": ("No trumps", "Без коз", "Bez aduta", "Sans atout"),
    "all_trumps": ("All trumps", "Всичко коз", "Sve adut", "Tout atout"),
    "pass": ("Pass", "Пас", "Dalje", "Passe"),
    "double": ("Double", "Контра", "Kontra", "Contre"),
    "redouble": ("Redouble", "Реконтра", "Rekontra", "Surcontre"),
    "coinche": ("Coinche", "Контра", "Kontra", "Coinche"),
    "surcoinche": ("Surcoinche", "Реконтра", "Rekontra", "Surcoinche"),
    "take": ("Take", "Взимам", "Uzimam", "Je prends"),
    "contract": ("Contract", "Обява", "Zvanje aduta", "Contrat"),
    "declarations": ("Declarations", "Анонси", "Zvanja", "Annonces"),
    "tierce": ("Tierce", "Терца", "Terca", "Tierce"),
    "quarte": ("Quarte", "Кварта", "Kvarta", "Quarte"),
    "quinte": ("Quinte", "Квинта", "Kvinta", "Quinte"),
    "four": ("Four of a kind", "Каре", "Četiri iste", "Carré"),
    "belot": ("Belote", "Белот", "Bela", "Belote et rebelote"),
    "sweep": ("Capot", "Валат", "Štiglja", "Capot"),
    "hanging": ("Hanging", "Висяща", "Visi", "Litige"),
}

# Each rule set's own words where they differ from the common ones.
OWN: dict[str, dict[str, tuple[str, str, str, str]]] = {
    "bulgarian": {
        "belot": ("Belot", "Белот", "Belot", "Belote"),
        "sweep": ("Valat", "Валат", "Valat", "Capot"),
        "contract": ("Contract", "Обява", "Zvanje", "Contrat"),
        "declarations": ("Declarations", "Анонси", "Zvanja", "Annonces"),
    },
    "bela": {
        "belot": ("Bela", "Бела", "Bela", "Belote"),
        "sweep": ("Štiglja", "Щигля (валат)", "Štiglja", "Capot"),
        "pass": ("Pass", "Пас", "Dalje", "Passe"),
        "contract": ("Trump call", "Обява на коз", "Zvanje aduta", "Choix de l'atout"),
        "declarations": ("Declarations (zvanja)", "Анонси", "Zvanja", "Annonces"),
        "belot_combination": ("Belot (eight in a row)", "Белот", "Belot", "Belote"),
    },
    "belote": {
        "take": ("Take", "Взимам", "Uzimam", "Je prends"),
    },
    "coinche": {
        "double": ("Coinche", "Контра", "Kontra", "Coinche"),
        "redouble": ("Surcoinche", "Реконтра", "Rekontra", "Surcoinche"),
    },
}

# The words that must be seen on each rule set's table, in its own language at least.
KEY_TERMS: dict[str, tuple[str, ...]] = {
    "bulgarian": ("trumps", "no_trumps", "all_trumps", "double", "redouble", "pass",
                  "tierce", "quarte", "quinte", "four", "belot", "sweep"),
    "bela": ("trumps", "pass", "declarations", "belot", "belot_combination", "sweep"),
    "belote": ("trumps", "take", "pass", "belot", "sweep", "contract"),
    "coinche": ("contract", "coinche", "surcoinche", "sweep", "belot", "no_trumps",
                "all_trumps", "pass"),
}  # fmt: skip


def language_index(language: str | None) -> int:
    """Position of a language in the tuples above (English for any other)."""
    code = (language or "en").split("-")[0]
    return LANGUAGES.index(code) if code in LANGUAGES else 0


def glossary(variant: str, language: str | None = None) -> dict[str, str]:
    """Every term of a rule set in a language (the active one by default)."""
    index = language_index(language or get_language())
    words = {term: forms[index] for term, forms in COMMON.items()}
    words.update({term: forms[index] for term, forms in OWN.get(variant, {}).items()})
    return words


def term(variant: str, key: str, language: str | None = None) -> str:
    """One term of a rule set in a language."""
    return glossary(variant, language)[key]


def key_terms(variant: str, language: str | None = None) -> list[str]:
    """The rule set's key terms in a language, as its table lists them."""
    words = glossary(variant, language)
    return [words[key] for key in KEY_TERMS[variant]]
