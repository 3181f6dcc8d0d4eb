"""Each job of a live table has one home: who may import the tasks, and what games takes
from accounts."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (late imports included)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
            names.add(node.module)
    return names


def games_files() -> list[Path]:
    return [p for p in GAMES.rglob("*.py") if "migrations" not in p.parts]


def test_only_the_outbox_queues_games_tasks() -> None:
    importers = {
        p.relative_to(ROOT).as_posix()
        for p in games_files()
        if {"games.tasks", "games.tasks.bot_act", "games.tasks.turn_timeout"} & imported_modules(p)
    }
    assert importers == {"games/outbox.py"}


def test_the_unit_of_work_knows_nothing_of_channels_or_celery() -> None:
    imported = imported_modules(GAMES / "unit_of_work.py")
    assert not {m for m in imported if m.split(".")[0] in {"channels", "celery"}}
    assert not imported & {"games.broadcast", "games.outbox", "games.tasks"}


def test_games_takes_only_the_user_model_and_sign_ins_from_accounts() -> None:
    taken = {m for p in games_files() for m in imported_modules(p) if m.startswith("accounts.")}
    assert taken <= {
        "accounts.models",
        "accounts.models.User",
        "accounts.authentication",
        "accounts.authentication.token_user",
        "accounts.authentication.SignedInSocket",
        "accounts.authentication.CLOSE_NOT_SIGNED_IN",
    }
