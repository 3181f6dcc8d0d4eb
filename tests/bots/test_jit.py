"""Compiled code is cached per version of the compiled packages' sources, wherever it can be.

numba checks a cached function against its own file only, so a caller kept the stale copy of a
helper it had inlined from another file. These tests build a small project with the real
`games/bots/jit.py` in it (a helper in one file, its caller in another) and run it in fresh
processes as a user would, changing files between runs.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from games.bots import jit

ROOT = Path(__file__).resolve().parents[2]
HELPER = (
    "from games.bots.jit import njit\n\n\n@njit(inline=True)\ndef unit() -> int:\n    return {}\n"
)
CALLER = (
    "from games.bots.helper import unit\nfrom games.bots.jit import njit\n\n\n"
    "@njit\ndef twice() -> int:\n    return 2 * unit()\n"
)
PROBE = (
    "from games.bots.caller import twice; value = twice(); "
    "print(value, type(twice._cache).__name__, twice._cache.cache_path, "
    "sum(twice.stats.cache_hits.values()))"
)


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    bots = project / "games" / "bots"
    bots.mkdir(parents=True)
    (project / "games" / "analysis").mkdir()
    (project / "games" / "rules").mkdir()
    for package in (project / "games", bots, project / "games" / "analysis"):
        (package / "__init__.py").write_text("")
    shutil.copy(ROOT / "games" / "bots" / "jit.py", bots / "jit.py")
    (bots / "helper.py").write_text(HELPER.format(1))
    (bots / "caller.py").write_text(CALLER)
    return project


def _run(project: Path, tmp_path: Path, **environ: str) -> tuple[int, str, str, bool]:
    """The caller's value, its cache kind and folder, and whether it came from the cache."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "PYTHON"))}
    # No bytecode cache: a file rewritten within the second its .pyc was written, at the same
    # size, would pass Python's mtime-and-size check and run the old code.
    env.update(PYTHONPATH=str(project), PYTHONDONTWRITEBYTECODE="1", TMPDIR=str(tmp_path / "tmp"))
    env.update(environ)
    (tmp_path / "tmp").mkdir(exist_ok=True)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=project, env=env, capture_output=True, text=True,
        check=True,
    )  # fmt: skip
    value, kind, path, hits = done.stdout.split()
    return int(value), kind, path, int(hits) > 0


def test_a_changed_helper_is_compiled_afresh_into_its_callers(tmp_path: Path) -> None:
    project = _project(tmp_path)
    assert _run(project, tmp_path)[0] == 2
    value, kind, first_folder, cached = _run(project, tmp_path)
    assert (value, kind, cached) == (2, "FunctionCache", True)
    (project / "games" / "bots" / "helper.py").write_text(HELPER.format(5))
    value, _, folder, cached = _run(project, tmp_path)
    assert (value, cached) == (10, False)  # numba alone answered 2 from the stale cache
    assert Path(folder).parent != Path(first_folder).parent


def test_the_cache_sits_next_to_the_code_or_under_numba_cache_dir(tmp_path: Path) -> None:
    project = _project(tmp_path)
    in_tree = project / "games" / "bots" / "__pycache__" / "numba"
    assert Path(_run(project, tmp_path)[2]).is_relative_to(in_tree)
    chosen = tmp_path / "chosen"
    assert Path(_run(project, tmp_path, NUMBA_CACHE_DIR=str(chosen))[2]).is_relative_to(chosen)


def test_a_read_only_install_caches_in_the_temporary_directory_or_in_memory(
    tmp_path: Path,
) -> None:
    project = _project(tmp_path)
    # Files where the folders would go: no folder can be made there (even by root).
    (project / "games" / "bots" / "__pycache__").write_text("")
    value, kind, folder, _ = _run(project, tmp_path)
    assert (value, kind) == (2, "FunctionCache")
    assert Path(folder).is_relative_to(tmp_path / "tmp" / f"numba-cache-{os.getuid()}")
    shutil.rmtree(tmp_path / "tmp")
    (tmp_path / "tmp").mkdir()
    (tmp_path / "tmp" / f"numba-cache-{os.getuid()}").write_text("")
    value, kind, _, _ = _run(project, tmp_path)
    assert (value, kind) == (2, "NullCache")


def test_old_versions_folders_go_after_a_day_and_nothing_else_does(tmp_path: Path) -> None:
    project = _project(tmp_path)
    chosen = tmp_path / "chosen"
    old, recent, other = chosen / "belote-0123", chosen / "belote-4567", chosen / "someone-else"
    for folder in (old, recent, other):
        folder.mkdir(parents=True)
    day_ago = os.stat(old).st_mtime - jit.STALE_AFTER_SECONDS - 60
    os.utime(old, (day_ago, day_ago))
    os.utime(other, (day_ago, day_ago))
    _run(project, tmp_path, NUMBA_CACHE_DIR=str(chosen))
    assert not old.exists() and recent.exists() and other.exists()


def test_every_module_compiling_with_njit_is_in_the_fingerprinted_packages() -> None:
    importers = {
        path.parent.relative_to(ROOT).as_posix()
        for path in ROOT.glob("games/**/*.py")
        if re.search(r"^from games\.bots\.jit import", path.read_text(), re.MULTILINE)
    }
    assert importers and importers <= set(jit.COMPILED_PACKAGES)


def test_the_fingerprint_follows_every_source_of_the_compiled_packages(tmp_path: Path) -> None:
    project = _project(tmp_path)
    before = jit.source_fingerprint(project)
    (project / "games" / "analysis" / "new.py").write_text("x = 1\n")
    assert jit.source_fingerprint(project) != before
