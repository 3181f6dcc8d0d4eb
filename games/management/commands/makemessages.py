"""Django's makemessages, also collecting refusal messages where they are raised: the first
argument of a rules-engine error and the message of a ServiceError are translatable as written
(the engine stays pure; config.refusals translates them on the way out)."""

from __future__ import annotations

from django.core.management.commands import makemessages

KEYWORDS = [
    "ServiceError:2",
    "IllegalActionError:2",
    "MalformedActionError:1",
    "InvalidInputError:1",
]


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        *(f"--keyword={keyword}" for keyword in KEYWORDS),
    ]

    def handle(self, *args: object, **options: object) -> None:
        """Every language, sources only (not the virtualenv, tests or collected files)."""
        options["ignore_patterns"] = [
            *list(options.get("ignore_patterns") or []),
            ".venv/*", "tests/*", "bench/*", "staticfiles/*", "var/*",
        ]  # fmt: skip
        super().handle(*args, **options)
