"""Text people show to others (display names, chat): only what a reader can see.

Control characters (NUL breaks PostgreSQL text) and format characters (right-to-left
overrides that reorder what follows, zero-width characters that let "ann" pass for "an\u200bn")
are taken out; line breaks and tabs become spaces.
"""

from __future__ import annotations

import unicodedata

_HIDDEN = frozenset({"Cc", "Cf"})


def visible_paragraphs(text: str) -> str:
    """Longer text (a description): line breaks kept, other hidden characters taken out."""
    return "\n".join(visible_text(line) for line in text.replace("\r\n", "\n").split("\n")).strip()


def visible_text(text: str) -> str:
    """The text without control and format characters, trimmed."""
    kept = (
        " " if char.isspace() else char
        for char in text
        if char.isspace() or unicodedata.category(char) not in _HIDDEN
    )
    return "".join(kept).strip()
