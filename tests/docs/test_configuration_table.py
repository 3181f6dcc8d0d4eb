"""The README's configuration table names every environment variable the code reads, and no
other: a setting added without a row (or a row left behind) fails here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.helpers import ROOT

# The Python packages whose reads count (tests and benchmarks set their own variables).
PACKAGES = ("config", "accounts", "games", "tournaments")
# The shell and compose files that read variables as ${NAME...}.
SHELL_FILES = ("platform/entrypoint.sh", "docker-compose.yml")
ENV_HELPERS = {"env_str", "env_bool", "env_int", "env_float", "env_list"}
# Read by a library rather than by our code, and documented all the same.
READ_BY_LIBRARIES = {"NUMBA_CACHE_DIR"}
# Read but not a setting: the entry points set it themselves.
NOT_SETTINGS = {"DJANGO_SETTINGS_MODULE"}


def _is_environ(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "environ"


def _reads_environment(func: ast.expr) -> bool:
    """Whether a call of `func` reads a variable named by its first argument."""
    if isinstance(func, ast.Name):
        return func.id in ENV_HELPERS
    if isinstance(func, ast.Attribute):
        return func.attr in ENV_HELPERS | {"getenv"} or (
            func.attr == "get" and _is_environ(func.value)
        )
    return False


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def python_reads(path: Path) -> set[str]:
    """Variables a module reads: env_* helpers, os.environ.get / [...], os.getenv."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and node.args and _reads_environment(node.func):
            if name := _literal(node.args[0]):
                names.add(name)
        elif isinstance(node, ast.Subscript) and _is_environ(node.value):
            if isinstance(node.ctx, ast.Load) and (name := _literal(node.slice)):
                names.add(name)
    return names


def code_reads() -> set[str]:
    names: set[str] = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if path.name != "env.py":  # the helpers' own parameter, not a variable
                names |= python_reads(path)
    for shell in SHELL_FILES:
        names |= set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)", (ROOT / shell).read_text()))
    return names - NOT_SETTINGS


def table_names() -> set[str]:
    """The backticked names in the first column of the README's configuration table."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Configuration\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([A-Z][A-Z0-9_]*)`", row.split("|")[1])}


def test_the_reader_finds_the_known_reads() -> None:
    reads = code_reads()
    assert {"DATABASE_URL", "REDIS_URL", "LIVE_TABLE_TURN_SECONDS", "REGISTER_RATE"} <= reads
    assert {"BEAT_HEALTH_MAX_AGE", "WEB_CONCURRENCY", "POSTGRES_PASSWORD"} <= reads


def test_the_configuration_table_lists_exactly_the_variables_the_code_reads() -> None:
    documented, read = table_names(), code_reads() | READ_BY_LIBRARIES
    assert sorted(read - documented) == [], "read but not in README's Configuration table"
    assert sorted(documented - read) == [], "in README's Configuration table but read nowhere"
