"""The pairing package stays pure Python, so it runs and is tested without Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_importing_pairing_loads_no_django() -> None:
    check = (
        "import sys, tournaments.pairing; print(any(m.startswith('django') for m in sys.modules))"
    )
    output = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert output.strip() == "False"
