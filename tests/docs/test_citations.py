"""Every `docs/<page>.md#section` the code or the documents cite exists, and nothing cites the
rules document that lived outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import ROOT

CITING = ("accounts", "config", "games", "tournaments", "tests", "docs")
CITATION = re.compile(r"docs/([a-z_]+\.md)#([a-z0-9-]+)")


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^a-z0-9 -]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {anchor(h) for h in re.findall(r"^#+ (.+)$", page.read_text(), flags=re.MULTILINE)}


def citing_files() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder in CITING:
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in {".py", ".md", ".json"}]
    return files


def citations() -> set[tuple[str, str, str]]:
    """(citing file, page, anchor) for every citation found."""
    found = set()
    for path in citing_files():
        for page, section in CITATION.findall(path.read_text()):
            found.add((path.relative_to(ROOT).as_posix(), page, section))
    return found


def test_the_rule_sets_cite_their_sections() -> None:
    cited = {(f, s) for f, page, s in citations() if page == "rules.md"}
    for name in ("bulgarian", "bela", "belote", "coinche"):
        assert (f"games/rules/variants/{name}.py", name) in cited


def test_every_cited_section_exists() -> None:
    missing = sorted(
        f"{source} cites docs/{page}#{section}"
        for source, page, section in citations()
        if section not in anchors(ROOT / "docs" / page)
    )
    assert missing == []


def test_nothing_cites_the_rules_document_outside_the_repository() -> None:
    this = Path(__file__).resolve()
    stale = [
        p.relative_to(ROOT).as_posix()
        for p in citing_files()
        if p.resolve() != this and re.search(r"RULES\.md|seeds/", p.read_text())
    ]
    assert stale == []
