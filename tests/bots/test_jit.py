"""The compiled kernel still imports, and caches where it can, when numba finds no cache folder.

numba caches next to the source or in the home directory; a read-only install run by a user
without a home has neither, and numba then refuses to compile with cache=True at all. The
locators numba tries are narrowed here (NUMBA_CACHE_LOCATOR_CLASSES) to make that happen.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import games.bots.kernel as k; from numba.core import config; "
    "print(type(k._evaluate._cache).__name__, config.CACHE_DIR, k._evaluate._cache.cache_path)"
)


def _probe(tmp_path: Path, locators: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(NUMBA_CACHE_LOCATOR_CLASSES=locators, TMPDIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
        check=True,
    )  # fmt: skip
    return done.stdout.split()


def test_with_no_cache_folder_the_kernel_caches_in_the_temporary_directory(
    tmp_path: Path,
) -> None:
    # Only the NUMBA_CACHE_DIR locator, and no NUMBA_CACHE_DIR: numba alone would refuse.
    kind, cache_dir, path = _probe(tmp_path, "UserProvidedCacheLocator")
    assert kind == "FunctionCache"
    assert cache_dir == str(tmp_path / f"numba-cache-{os.getuid()}")
    assert path.startswith(cache_dir)


def test_with_no_cache_at_all_the_kernel_compiles_in_memory(tmp_path: Path) -> None:
    kind, *_ = _probe(tmp_path, "ZipCacheLocator")  # a locator for code inside zip files only
    assert kind == "NullCache"
