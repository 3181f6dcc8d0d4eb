"""Every `{# … #}` comment in a template closes on its own line: Django reads one that runs on
as text and prints it on the page (a table page showed its comment above the player's cards)."""

from __future__ import annotations

import re

from tests.config.templates import templates_failing

# A comment opened on a line and not closed on it.
UNCLOSED = re.compile(r"\{#(?:(?!#\}).)*$")


def unclosed_comments(text: str) -> list[int]:
    """The lines whose `{#` comment does not close on them."""
    return [number for number, line in enumerate(text.splitlines(), 1) if UNCLOSED.search(line)]


def test_the_check_finds_a_comment_that_runs_on() -> None:
    assert unclosed_comments("{# one line #}\n<p>{# runs\non #}</p>") == [2]


def test_no_template_comment_runs_past_its_line() -> None:
    assert templates_failing(unclosed_comments) == {}
