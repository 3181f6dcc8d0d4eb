"""numba's `njit`, with the compiled code cached on disk wherever that is possible.

numba caches next to the source (`__pycache__`), else in the user's cache directory, or
where NUMBA_CACHE_DIR says; with none of them writable (a read-only install run by a user
without a home) it refuses to cache at all. Then this falls back to a per-user folder in the
system's temporary directory, and failing that compiles in memory, once per process.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from typing import Any, TypeVar, overload

import numba
from numba.core import config

# The compiled function is called as the Python one is: type checkers see the same signature.
Function = TypeVar("Function", bound=Callable[..., Any])


@overload
def njit(func: Function, *, inline: bool = False) -> Function: ...


@overload
def njit(func: None = None, *, inline: bool = False) -> Callable[[Function], Function]: ...


def njit(func: Callable[..., Any] | None = None, *, inline: bool = False) -> Any:
    """Compile `func` in nopython mode, cached on disk when a cache folder can be written.

    `inline=True` compiles a small helper into each caller (numba does not inline calls
    between compiled functions by itself, and each call costs array reference counting)."""
    if func is None:
        return lambda f: njit(f, inline=inline)
    options: dict[str, Any] = {"inline": "always"} if inline else {}
    try:
        return numba.njit(cache=True, **options)(func)
    except RuntimeError:  # "cannot cache function ...: no locator available"
        pass
    if not config.CACHE_DIR:
        config.CACHE_DIR = os.path.join(tempfile.gettempdir(), f"numba-cache-{os.getuid()}")
        try:
            return numba.njit(cache=True, **options)(func)
        except RuntimeError:
            pass
    return numba.njit(**options)(func)
