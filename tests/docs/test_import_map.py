"""The import map of README's Architecture section, enforced: each package imports only the
packages below it, and the pure ones no Django (read from the source, late imports included).

Complements the runtime checks (tests/rules/test_purity.py, tests/bots/test_purity.py,
tests/tournaments/test_pairing_is_pure.py), which import the pure packages and look for Django.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

from tests.helpers import ROOT

# Most specific first: a module belongs to the first unit its name starts with.
PURE = ("games.rules", "games.bots", "games.analysis", "tournaments.pairing", "accounts.elo")
APPS = ("accounts", "games", "tournaments", "config")
UNITS = PURE + APPS

# Which unit may import which (besides itself). `config` is the project: settings, URLs, the
# ASGI and Celery apps wire every app together; the apps use only its small shared helpers.
MAY_IMPORT: dict[str, set[str]] = {
    "games.rules": set(),
    "games.bots": {"games.rules"},
    "games.analysis": {"games.rules", "games.bots"},
    "tournaments.pairing": set(),
    "accounts.elo": set(),
    "games": {"games.rules", "games.bots", "games.analysis", "accounts", "config"},
    "accounts": {"accounts.elo", "games", "config"},
    "tournaments": {"tournaments.pairing", "games", "games.rules", "accounts", "config"},
    "config": set(UNITS),
}
# Beyond the standard library, the only outside packages a pure unit may use.
PURE_MAY_USE = {
    "games.bots": {"numpy", "numba"},
    "games.analysis": {"numpy", "numba"},  # its exact solver runs on the bots' search kernel
    "tournaments.pairing": {"networkx"},
}
# What an app may take from the apps it may import, where that is narrower than everything.
TAKEN_FROM = {
    ("games", "accounts"): {"accounts.models", "accounts.authentication"},
    ("accounts", "games"): {"games.choices", "games.models", "games.signals", "games.analyses"},
}
# config's modules that wire the project together: no app imports them.
CONFIG_WIRING = {"config.settings", "config.urls", "config.routing", "config.asgi", "config.celery"}
CONFIG_WIRING |= {"config.stack", "config.views"}
# Imports against the map, each with why it stays for now.
EXCEPTIONS: set[tuple[str, str]] = set()


def unit_of(module: str) -> str | None:
    return next((u for u in UNITS if module == u or module.startswith(f"{u}.")), None)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_files() -> Iterator[Path]:
    for app in APPS:
        yield from (p for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts)


def imports(path: Path) -> Iterator[str]:
    """Every module a file imports, anywhere in it: `from a.b import c` gives a.b and a.b.c."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def edges() -> Iterator[tuple[str, str, str]]:
    """(importing module, its unit, imported module) for every import in the apps."""
    for path in source_files():
        importer = module_name(path)
        for imported in imports(path):
            yield importer, unit_of(importer) or "", imported


def test_every_module_belongs_to_a_unit() -> None:
    assert all(unit_of(module_name(p)) for p in source_files())
    assert {unit_of(module_name(p)) for p in source_files()} == set(UNITS)


def test_each_unit_imports_only_the_units_below_it() -> None:
    wrong = sorted(
        f"{importer} imports {imported}"
        for importer, unit, imported in edges()
        if (target := unit_of(imported)) not in (None, unit)
        and target not in MAY_IMPORT[unit]
        and not any(importer == a and imported.startswith(b) for a, b in EXCEPTIONS)
    )
    assert wrong == []


def test_the_exceptions_are_still_needed() -> None:
    found = {(i, m) for i, _u, m in edges()}
    assert all(any(i == a and m.startswith(b) for i, m in found) for a, b in EXCEPTIONS)


def test_pure_packages_use_only_the_standard_library_and_their_few_packages() -> None:
    wrong = sorted(
        f"{importer} imports {imported}"
        for importer, unit, imported in edges()
        if unit in PURE
        and unit_of(imported) is None
        and (top := imported.split(".")[0]) not in sys.stdlib_module_names
        and top not in PURE_MAY_USE.get(unit, set())
    )
    assert wrong == []


def test_apps_take_from_each_other_only_what_the_map_names() -> None:
    wrong = sorted(
        f"{importer} imports {imported}"
        for importer, unit, imported in edges()
        if (allowed := TAKEN_FROM.get((unit, unit_of(imported) or "")))
        and not any(imported == a or imported.startswith(f"{a}.") for a in allowed)
    )
    assert wrong == []


def test_no_app_imports_the_projects_wiring() -> None:
    wrong = sorted(
        f"{importer} imports {imported}"
        for importer, unit, imported in edges()
        if unit != "config"
        and any(imported == w or imported.startswith(f"{w}.") for w in CONFIG_WIRING)
    )
    assert wrong == []
