"""docker-compose.yml is valid and describes the production services (no engine needed)."""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Any

import pytest
import yaml

from tests.helpers import ROOT, service_unavailable

SERVICES = {"postgres", "redis", "web", "worker", "beat"}


@pytest.fixture
def compose() -> list[str]:
    """Debian's docker-compose (1.29), which validates a file without a Docker engine."""
    executable = shutil.which("docker-compose")
    if executable is None:
        service_unavailable("docker-compose is missing (python3 dev.py test installs it)")
    return [
        executable,
        "--project-directory",
        str(ROOT),
        "--file",
        str(ROOT / "docker-compose.yml"),
    ]


def run_compose(compose: list[str], *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run docker-compose with only the given variables set."""
    clean = {"PATH": os.environ["PATH"], **env}
    return subprocess.run(
        [*compose, *args], capture_output=True, text=True, env=clean, timeout=60, check=False
    )


def test_compose_file_is_valid(compose: list[str]) -> None:
    result = run_compose(compose, "config", "-q", SECRET_KEY="test-only")
    assert result.returncode == 0, result.stderr


@pytest.fixture
def resolved(compose: list[str]) -> dict[str, Any]:
    """The file as docker-compose resolves it: anchors merged, variables filled in."""
    result = run_compose(compose, "config", SECRET_KEY="test-only")
    assert result.returncode == 0, result.stderr
    return yaml.safe_load(result.stdout)


def test_compose_defines_the_production_services(resolved: dict[str, Any]) -> None:
    assert set(resolved["services"]) == SERVICES


def test_compose_refuses_to_run_without_a_secret_key(compose: list[str]) -> None:
    result = run_compose(compose, "config", "-q")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_services_are_health_checked_and_start_in_order(resolved: dict[str, Any]) -> None:
    services = resolved["services"]
    for name in ("postgres", "redis", "web", "worker"):
        assert services[name]["healthcheck"]["test"], name
    for name in ("web", "worker", "beat"):
        depends = services[name]["depends_on"]
        assert depends["postgres"]["condition"] == "service_healthy", name
        assert depends["redis"]["condition"] == "service_healthy", name
        assert services[name]["environment"]["DEBUG"] == "false", name
        assert services[name]["command"] == [name], name
