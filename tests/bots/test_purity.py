"""games.bots is pure Python: importing every bots module loads no Django."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import games.bots

ROOT = Path(__file__).resolve().parents[2]


def test_importing_every_bots_module_loads_no_django() -> None:
    names = [info.name for info in pkgutil.walk_packages(games.bots.__path__, prefix="games.bots.")]
    assert "games.bots.arena" in names and "games.bots.medium" in names
    code = (
        "import importlib, sys\n"
        f"for name in {['games.bots', *names]!r}:\n"
        "    importlib.import_module(name)\n"
        "leaked = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(leaked)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
