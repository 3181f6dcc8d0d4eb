"""The platform/ folder must never shadow the standard library's platform module."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers import ROOT


def test_stdlib_platform_imports_from_the_project_root() -> None:
    code = "import uuid, platform; platform.system(); print(platform.__file__)"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0, result.stderr
    assert not result.stdout.strip().startswith(str(ROOT))
