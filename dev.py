#!/usr/bin/env python3
"""The two commands of the README; stdlib only, because it must run before the venv exists.

python3 dev.py run [--host HOST] [--port PORT]   # the whole platform, embedded services
python3 dev.py test [PYTEST ARGS...]             # ruff check, ruff format --check, mypy, pytest
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
INSTALL_STAMP = VENV / ".pyproject-sha256"
# Debian packages the test suite drives: a browser for Playwright, the Compose validator, the
# proxy in front of the web processes.
SYSTEM_TOOLS = {
    "chromium": "chromium",
    "docker-compose": "docker-compose",
    "nginx": "nginx",
    # makemessages, which a test runs to check the catalogs against the sources.
    "xgettext": "gettext",
}

USAGE = """usage:
  python3 dev.py run [--host HOST] [--port PORT]   run the platform (embedded Redis + SQLite)
  python3 dev.py test [PYTEST ARGS...]             ruff check, ruff format --check, mypy,
                                                   pytest"""


def say(message: str) -> None:
    """Print progress at once, so a slow first install does not look like a hang."""
    print(f"dev.py: {message}", flush=True)


def pyproject_digest() -> str:
    """Hash the dependency declaration, which decides whether an install is due."""
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_venv() -> None:
    """Create .venv and install the project when pyproject.toml changed since the last install."""
    # dev.py runs under whatever python3 a newcomer has, so it checks rather than assumes.
    if sys.version_info < (3, 11):  # noqa: UP036
        sys.exit(f"dev.py: Python 3.11 or newer is needed; this is {sys.version.split()[0]}.")
    if not VENV_PYTHON.exists():
        say("creating the virtual environment in .venv")
        try:
            venv.EnvBuilder(with_pip=True).create(VENV)
        except (OSError, subprocess.CalledProcessError) as error:
            shutil.rmtree(VENV, ignore_errors=True)
            sys.exit(
                f"dev.py: could not create .venv ({error}). On Debian or Ubuntu: "
                "apt-get install python3-venv"
            )
    digest = pyproject_digest()
    if INSTALL_STAMP.exists() and INSTALL_STAMP.read_text().strip() == digest:
        return
    say('installing dependencies (pip install -e ".[dev]"); the first time takes a minute')
    pip = [str(VENV_PYTHON), "-m", "pip", "--disable-pip-version-check"]
    result = subprocess.run([*pip, "install", "--quiet", "-e", ".[dev]"], cwd=ROOT, check=False)
    if result.returncode != 0:
        sys.exit("dev.py: installing the dependencies failed (see pip's output above).")
    INSTALL_STAMP.write_text(digest + "\n")


def ensure_system_tools() -> None:
    """Install the Debian packages of SYSTEM_TOOLS that are missing, when apt-get can (as root)."""
    missing = [package for tool, package in SYSTEM_TOOLS.items() if shutil.which(tool) is None]
    if not missing:
        return
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        say(f"not installing {', '.join(missing)} (needs apt-get as root); their tests will skip")
        return
    say(f"installing {', '.join(missing)} with apt-get")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing]
    quiet: dict[str, Any] = {"env": env, "check": False, "stdout": subprocess.DEVNULL}
    if subprocess.run(install, **quiet).returncode != 0:
        # The package lists may be stale or absent on a fresh machine: refresh once, retry.
        subprocess.run(["apt-get", "update", "-qq"], **quiet)
        if subprocess.run(install, **quiet).returncode != 0:
            say(f"apt-get could not install {', '.join(missing)}; their tests will skip")


def run(args: list[str]) -> NoReturn:
    """Hand over to the process supervisor inside the venv (exec: Ctrl-C reaches it directly)."""
    ensure_venv()
    os.chdir(ROOT)
    os.execv(VENV_PYTHON, [str(VENV_PYTHON), "-m", "config.stack", *args])


def parallel_workers(pytest_args: list[str]) -> list[str]:
    """One pytest-xdist worker per core and one more, up to four (each starts its own servers,
    browser and database connections), a test file kept on one worker for its module fixtures;
    none where the caller chose. The extra one fills the time the others wait on browsers,
    servers and sockets: with one per core, two cores were 79% busy over the suite."""
    chosen = any(arg.startswith(("-n", "--numprocesses", "--dist")) for arg in pytest_args)
    cores = os.cpu_count() or 1
    workers = min(cores + 1, 4)
    if chosen or cores < 2 or "no:xdist" in pytest_args:
        return []
    return ["--numprocesses", str(workers), "--dist", "loadfile"]


def test(pytest_args: list[str]) -> int:
    """Run the linters, the type checker and the suite; the exit status is pytest's, or 1 if a
    linter or the type checker failed."""
    ensure_venv()
    ensure_system_tools()
    python = str(VENV_PYTHON)
    steps = [
        ("vulture (dead code)", [python, "-m", "vulture"]),  # settings in pyproject.toml
        ("ruff check", [python, "-m", "ruff", "check", "."]),
        ("ruff format --check", [python, "-m", "ruff", "format", "--check", "."]),
        # The files and strictness are pyproject.toml's [tool.mypy].
        ("mypy", [python, "-m", "mypy"]),
    ]
    failed = []
    for name, command in steps:
        say(name)
        if subprocess.run(command, cwd=ROOT, check=False).returncode != 0:
            failed.append(name)
    pytest_args = [*parallel_workers(pytest_args), *pytest_args]
    say("pytest " + " ".join(pytest_args))
    status = subprocess.run([python, "-m", "pytest", *pytest_args], cwd=ROOT, check=False)
    if failed:
        say(f"failed: {', '.join(failed)}")
        return status.returncode or 1
    return status.returncode


def main(argv: list[str]) -> int:
    """Dispatch the subcommand."""
    if not argv or argv[0] not in {"run", "test"}:
        print(USAGE, file=sys.stderr)
        return 2
    if argv[0] == "run":
        run(argv[1:])
    return test(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
