"""Django's makemessages, also collecting refusal messages where they are raised: the first
argument of a rules-engine error and the message of a ServiceError (or JsonInputError) are
translatable as written (the engine stays pure; config.refusals translates them on the way
out)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.commands import makemessages

# An f-string's text is found too, but can never be looked up: its entries are dropped.
F_STRING_FIELD = re.compile(r"\{[a-zA-Z_][^}\"]*\}")
# So is a placeholder's name in `ServiceError(code, _("... %(limit)d") % {"limit": n})`.
MSGID = re.compile(r'^msgid "([a-z_]+)"$', re.MULTILINE)

KEYWORDS = [
    "ServiceError:2",
    "IllegalActionError:2",
    "MalformedActionError:1",
    "InvalidInputError:1",
    "JsonInputError:1",
]


class Command(makemessages.Command):
    # A guessed ("fuzzy") translation of a new message is worse than none: tests list the gaps.
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        *(f"--keyword={keyword}" for keyword in KEYWORDS),
    ]

    def handle(self, *args: Any, **options: Any) -> None:
        """Every language, sources only (not the virtualenv, tests or collected files)."""
        options["ignore_patterns"] = [
            *list(options.get("ignore_patterns") or []),
            ".venv/*", "tests/*", "bench/*", "staticfiles/*", "var/*",
        ]  # fmt: skip
        super().handle(*args, **options)
        for catalog in Path(settings.BASE_DIR, "locale").glob("*/LC_MESSAGES/django.po"):
            text = catalog.read_text(encoding="utf-8")
            entries = text.split("\n\n")
            kept = [e for e in entries if not self._unusable(e, text)]
            catalog.write_text("\n\n".join(kept), encoding="utf-8")

    @staticmethod
    def _unusable(entry: str, catalog: str) -> bool:
        """An f-string's text, or a placeholder name taken for a message."""
        if F_STRING_FIELD.search(entry.partition("msgstr")[0]):
            return True
        word = MSGID.search(entry)
        return word is not None and f"%({word.group(1)})" in catalog
