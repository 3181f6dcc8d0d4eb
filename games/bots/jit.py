"""numba's `njit`, with the compiled code cached on disk wherever that is possible.

numba checks a cached function against its own file only: a caller in one file keeps the
stale copy of a helper it inlined from another file that has since changed. So the cache
lives in a folder named after the sources of every package with compiled code (and numba's
version); any change to them starts a fresh folder. The folder sits under NUMBA_CACHE_DIR
when set, else next to this file (`__pycache__/numba`), else in a per-user folder of the
system's temporary directory; with none writable, functions compile in memory, once per
process. Folders of other versions not used for a day are removed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, overload

import numba
from numba.core import config

# Project folders whose modules compile functions with `njit` (they inline each other's),
# and games/rules, whose card tables the compiled code holds as constants.
COMPILED_PACKAGES = ("games/bots", "games/analysis", "games/rules")
PROJECT_ROOT = Path(__file__).resolve().parents[2]
# A version's folder is this prefix and its fingerprint; only such folders are ever removed.
FOLDER_PREFIX = "belote-"
STALE_AFTER_SECONDS = 24 * 3600

# The compiled function is called as the Python one is: type checkers see the same signature.
Function = TypeVar("Function", bound=Callable[..., Any])


def source_fingerprint(root: Path = PROJECT_ROOT) -> str:
    """A digest of numba's version and every source file of the compiled packages."""
    digest = hashlib.sha256(numba.__version__.encode())
    for package in COMPILED_PACKAGES:
        for path in sorted((root / package).glob("*.py")):
            digest.update(f"{package}/{path.name}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def _remove_stale_siblings(folder: Path) -> None:
    """Other versions' folders, left unused for a day: nothing running reads them any more."""
    cutoff = time.time() - STALE_AFTER_SECONDS
    for sibling in folder.parent.glob(f"{FOLDER_PREFIX}*"):
        try:
            if sibling != folder and sibling.is_dir() and sibling.stat().st_mtime < cutoff:
                shutil.rmtree(sibling, ignore_errors=True)
        except OSError:
            continue


def _cache_folder() -> Path | None:
    """This version's cache folder, in the first writable place, or None."""
    bases = [Path(config.CACHE_DIR)] if config.CACHE_DIR else []
    bases += [
        Path(__file__).resolve().parent / "__pycache__" / "numba",
        Path(tempfile.gettempdir()) / f"numba-cache-{os.getuid()}",
    ]
    fingerprint = source_fingerprint()
    for base in bases:
        folder = base / f"{FOLDER_PREFIX}{fingerprint}"
        if _writable(folder):
            folder.touch()  # its mtime says when this version was last used
            _remove_stale_siblings(folder)
            return folder
    return None


CACHE_FOLDER = _cache_folder()
if CACHE_FOLDER is not None:
    config.CACHE_DIR = str(CACHE_FOLDER)


@overload
def njit(func: Function, *, inline: bool = False) -> Function: ...


@overload
def njit(func: None = None, *, inline: bool = False) -> Callable[[Function], Function]: ...


def njit(func: Callable[..., Any] | None = None, *, inline: bool = False) -> Any:
    """Compile `func` in nopython mode, cached in this version's folder when there is one.

    `inline=True` compiles a small helper into each caller (numba does not inline calls
    between compiled functions by itself, and each call costs array reference counting)."""
    if func is None:
        return lambda f: njit(f, inline=inline)
    options: dict[str, Any] = {"inline": "always"} if inline else {}
    return numba.njit(cache=CACHE_FOLDER is not None, **options)(func)
