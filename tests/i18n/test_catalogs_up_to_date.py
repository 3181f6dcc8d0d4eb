"""The committed catalogs hold exactly the messages of the sources: makemessages run on a copy
of the project changes no catalog's list of messages (a string added without makemessages, or
one left behind after its source went, fails here). Needs GNU gettext, as makemessages does
(`dev.py test` installs it)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT, service_unavailable
from tests.i18n.catalogs import DOMAINS, LANGUAGES, read_po

pytestmark = pytest.mark.slow

# Not sources: what the project's .gitignore keeps out, and the repository itself.
NOT_COPIED = shutil.ignore_patterns(
    ".git", ".venv", "var", "staticfiles", "test-artifacts", "__pycache__", "*.pyc",
    ".pytest_cache", ".ruff_cache", ".hypothesis", "*.sqlite3",
)  # fmt: skip


def _messages(path: Path) -> set[tuple[str, ...]]:
    return {
        (entry.get("msgctxt", ""), entry["msgid"], entry.get("msgid_plural", ""))
        for entry in read_po(path)
    }


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project whose catalogs makemessages has just brought up to date."""
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        service_unavailable("GNU gettext is missing (python3 dev.py test installs it)")
    copy = tmp_path_factory.mktemp("sources") / "project"
    shutil.copytree(ROOT, copy, ignore=NOT_COPIED)
    languages = [f"--locale={language}" for language in LANGUAGES]
    for domain in DOMAINS:
        command = [sys.executable, "manage.py", "makemessages", "--no-location", "-d", domain]
        subprocess.run(
            [*command, *languages], cwd=copy, check=True, capture_output=True, timeout=300
        )
    return copy


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogs_hold_every_message_of_the_sources(
    regenerated: Path, language: str, domain: str
) -> None:
    catalog = Path("locale", language, "LC_MESSAGES", f"{domain}.po")
    committed, wanted = _messages(ROOT / catalog), _messages(regenerated / catalog)
    assert len(wanted) > 50
    missing = sorted(wanted - committed)
    left_behind = sorted(committed - wanted)
    assert (missing, left_behind) == ([], []), "run makemessages (README, Languages)"
