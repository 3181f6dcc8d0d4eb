"""Production's static files as collectstatic writes them: every script module a page loads
imports the others by their hashed names, so each is cached for good and a page never pairs a
new script with a module a browser kept from before a deploy."""

from __future__ import annotations

import re
from pathlib import Path

from django.core.management import call_command
from pytest_django import Settings

HASHED = re.compile(r"\.[0-9a-f]{12}\.js$")
IMPORTED = re.compile(r"""^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']""", re.MULTILINE)


def test_hashed_modules_import_hashed_modules(settings: Settings, tmp_path: Path) -> None:
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "config.static_storage.StaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)

    modules = [path for path in tmp_path.rglob("*.js") if HASHED.search(path.name)]
    imports = {
        (path.relative_to(tmp_path), target)
        for path in modules
        for target in IMPORTED.findall(path.read_text())
    }
    assert any(str(path).startswith("games/table.") for path, _ in imports)
    unhashed = sorted((str(path), target) for path, target in imports if not HASHED.search(target))
    assert unhashed == []
    missing = sorted(
        (str(path), target)
        for path, target in imports
        if not (tmp_path / path).parent.joinpath(target).resolve().is_file()
    )
    assert missing == []
