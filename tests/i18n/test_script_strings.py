"""The pages' scripts show no English of their own: read from the sources, every string literal
that reads as words (a capitalised word, or three words in a row) is the message of a gettext
call (`_`, gettext, ngettext, pgettext). The browser test in the pseudo-locale
(tests/e2e/test_pseudo_locale_scripts.py) sees what a reader sees; this one also covers the
paths a test run does not reach (lost connections, refusals)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import ROOT

# Comments, and string literals ('...', "...", `...`) with their quote.
TOKEN = re.compile(
    r"""//[^\n]*|/\*.*?\*/|(?P<quote>["'`])(?P<text>(?:\\.|(?!(?P=quote)).)*)(?P=quote)""", re.S
)
WORDS = re.compile(r"^[A-Z][a-z’']+(?:[ ,.:;!?…]|$)|[a-z]{2,} [a-z]{2,} [a-z]{2,}")
# A literal that is an argument of a gettext call (after its context or singular, if any: a
# literal, whose placeholders have brackets of their own, or an expression without any).
IN_GETTEXT = re.compile(
    r"""(?:\b_|\bgettext|\bngettext|\bpgettext)\(\s*(?:(?:"[^"]*"|'[^']*'|[^()"']*)\s*,\s*)?$"""
)
# A literal that names classes, not text.
CLASSES = re.compile(r"(?:\bclass(?:Name)?\s*[:=]|\bclassList\.\w+\()\s*$")
# Words that are not text: names of keys as the browser reports them.
NOT_TEXT = {"Escape"}


def words_outside_gettext(script: str) -> list[str]:
    found = []
    for literal in TOKEN.finditer(script):
        text = literal.group("text")
        if literal.group("quote") is None or text in NOT_TEXT or not WORDS.search(text):
            continue
        before = script[max(0, literal.start() - 80) : literal.start()]
        if not IN_GETTEXT.search(before) and not CLASSES.search(before):
            line = script.count("\n", 0, literal.start()) + 1
            found.append(f"{line}: {text[:80]!r}")
    return found


def test_the_scan_finds_english_outside_gettext() -> None:
    script = """// Shown while waiting for players
    el("p", {}, _("Waiting for players"));
    el("p", {}, "Waiting for players");
    status.textContent = `the table is full`;
    pgettext("suit", "Hearts"); ngettext("One deal", "%(n)s deals", n);
    ngettext("Waiting for %(n)s more player.", "Waiting for %(n)s more players.", n);
    el("div", { class: "muted small seat" }, name); if (e.key === "Escape") close();"""
    assert words_outside_gettext(script) == [
        "3: 'Waiting for players'",
        "4: 'the table is full'",
    ]


def test_every_script_string_is_a_gettext_message() -> None:
    scripts = sorted(ROOT.glob("*/static/*/*.js"))
    assert len(scripts) > 5
    found = {
        str(path.relative_to(ROOT)): words
        for path in scripts
        if (words := words_outside_gettext(Path(path).read_text(encoding="utf-8")))
    }
    assert found == {}
