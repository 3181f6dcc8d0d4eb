"""Every refusal a person can read is written to be translated: read from the sources (ast), no
message of a ServiceError, a ValidationError or an API error is an f-string or a string built
before translation, and a bare literal is one the catalogs translate."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.i18n.catalogs import LANGUAGES, LOCALE, read_po

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "config", "games", "tournaments")
# Refusals whose message is English, translated on the way out (config.refusals): a literal is
# collected by makemessages (its KEYWORDS) and must be in the catalogs.
SENT_IN_ENGLISH = {"ServiceError": 1, "JsonInputError": 0}
# Refusals whose message must already be translated where it is raised (gettext and friends).
TRANSLATED_WHERE_RAISED = {
    "ValidationError": 0,
    "Http404": 0,
    "NotFound": 0,
    "PermissionDenied": 0,
    "AuthenticationFailed": 0,
    "ParseError": 0,
}
GETTEXT = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext", "gettext_noop"}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def _messages(node: ast.expr) -> Iterator[ast.expr]:
    """The messages inside a refusal's argument ({"field": [message, ...]} included)."""
    if isinstance(node, ast.Dict):
        for value in node.values:
            yield from _messages(value)
    elif isinstance(node, ast.List | ast.Tuple):
        for item in node.elts:
            yield from _messages(item)
    else:
        yield node


def _problem(message: ast.expr, literal_allowed: bool) -> str | None:
    """Why this message cannot be translated (None: it can)."""
    if any(isinstance(part, ast.JoinedStr) for part in ast.walk(message)):
        return "an f-string"
    if isinstance(message, ast.Call) and _name(message.func) == "format":
        return "str.format"
    if isinstance(message, ast.BinOp):
        if isinstance(message.op, ast.Add):
            return "joined with +"
        if isinstance(message.left, ast.Constant):
            return "filled in before translation"
    if isinstance(message, ast.Constant) and isinstance(message.value, str):
        return None if literal_allowed else "not wrapped in gettext"
    return None


def _refusals() -> Iterator[tuple[str, str, ast.expr, bool]]:
    """(where, kind, message, literal allowed) for every refusal raised in the apps."""
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts or "rules" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                kind = _name(node.func)
                literal_allowed = kind in SENT_IN_ENGLISH
                position = SENT_IN_ENGLISH.get(kind, TRANSLATED_WHERE_RAISED.get(kind or ""))
                if position is None or len(node.args) <= position:
                    continue
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                for message in _messages(node.args[position]):
                    yield where, kind or "", message, literal_allowed


def test_no_refusal_is_built_before_translation() -> None:
    problems = []
    for where, kind, message, literal_allowed in _refusals():
        problem = _problem(message, literal_allowed)
        if problem:
            problems.append(f"{where}: {kind}({ast.unparse(message)}): {problem}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_literal_refusal_is_in_the_catalog(language: str) -> None:
    entries = read_po(LOCALE / language / "LC_MESSAGES" / "django.po")
    translated = {e["msgid"] for e in entries if e.get("msgstr") and "msgctxt" not in e}
    literals = {
        (where, message.value)
        for where, _kind, message, literal_allowed in _refusals()
        if literal_allowed and isinstance(message, ast.Constant)
    }
    assert len(literals) > 30
    missing = sorted(f"{where}: {text}" for where, text in literals if text not in translated)
    assert not missing, "\n".join(missing)
