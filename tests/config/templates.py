"""Every template of the project, for checks that read them all."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def templates_failing(check: Callable[[str], list]) -> dict[str, list]:
    """What `check` finds in each template's text, by template path (those it finds nothing in
    left out); fails if there are no templates to read."""
    templates = sorted(ROOT.glob("*/templates/**/*.html"))
    assert templates
    return {
        str(path.relative_to(ROOT)): found
        for path in templates
        if (found := check(path.read_text()))
    }
