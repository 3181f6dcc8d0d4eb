"""docker-compose.yml is valid and describes the production services (no engine needed)."""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Any

import pytest
import yaml

from tests.docs.test_configuration_table import table_names
from tests.helpers import ROOT, service_unavailable

SERVICES = {"postgres", "redis", "migrate", "web", "proxy", "worker", "analysis", "beat"}
APP_SERVICES = ("migrate", "web", "worker", "analysis", "beat")


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
    for name in ("postgres", "redis", "web", "proxy", "worker", "analysis", "beat"):
        assert services[name]["healthcheck"]["test"], name
    for name in APP_SERVICES:
        depends = services[name]["depends_on"]
        assert depends["postgres"]["condition"] == "service_healthy", name
        assert depends["redis"]["condition"] == "service_healthy", name
        assert services[name]["environment"]["DEBUG"] == "false", name
    for name in ("web", "worker", "analysis", "beat"):
        assert services[name]["command"] == [name], name


def test_migrations_run_once_as_a_release_step(resolved: dict[str, Any]) -> None:
    services = resolved["services"]
    assert services["migrate"]["command"] == ["release"]
    assert services["migrate"]["restart"] == "no"
    for name in ("web", "worker", "beat"):
        condition = services[name]["depends_on"]["migrate"]["condition"]
        assert condition == "service_completed_successfully", name
    entrypoint = (ROOT / "platform" / "entrypoint.sh").read_text()
    web_role = entrypoint.split("  web)")[1].split(";;")[0]
    assert "migrate" not in web_role


def test_urls_pass_straight_through_with_the_bundled_services_as_defaults(
    compose: list[str],
) -> None:
    def app_env(**env: str) -> dict[str, str]:
        result = run_compose(compose, "config", SECRET_KEY="test-only", **env)
        assert result.returncode == 0, result.stderr
        return yaml.safe_load(result.stdout)["services"]["worker"]["environment"]

    defaults = app_env()
    assert defaults["DATABASE_URL"] == "postgres://belote:belote@postgres:5432/belote"
    assert defaults["REDIS_URL"] == "redis://redis:6379/0"
    database = "postgres://app:p%40ss@db.example:5432/belote?sslmode=require"
    cache = "rediss://:p%40ss@redis.example:6380/0?ssl_cert_reqs=required"
    given = app_env(DATABASE_URL=database, REDIS_URL=cache)
    assert (given["DATABASE_URL"], given["REDIS_URL"]) == (database, cache)


def test_only_the_proxy_publishes_a_port_so_web_scales(resolved: dict[str, Any]) -> None:
    services = resolved["services"]
    published = {name for name, service in services.items() if service.get("ports")}
    assert published == {"proxy"}
    proxy = services["proxy"]
    assert proxy["volumes"][0].endswith("platform/nginx.conf:/etc/nginx/conf.d/default.conf:ro")
    # web believes X-Forwarded-For from the proxy's fixed address, and from nobody else.
    address = proxy["networks"]["default"]["ipv4_address"]
    assert services["web"]["environment"]["FORWARDED_ALLOW_IPS"] == address
    assert "*" not in services["web"]["environment"]["FORWARDED_ALLOW_IPS"]


def test_beat_is_health_checked_by_its_schedule_file(resolved: dict[str, Any]) -> None:
    beat = resolved["services"]["beat"]
    assert beat["healthcheck"]["test"] == ["CMD", "python", "-m", "config.beat_health"]
    assert "deploy" not in beat and "scale" not in beat


def test_hand_analyses_have_their_own_low_priority_worker() -> None:
    entrypoint = (ROOT / "platform" / "entrypoint.sh").read_text()
    role = entrypoint.split("  analysis)")[1].split(";;")[0]
    assert "nice -n 19" in role and '--queues "${CELERY_QUEUE:-celery}-analysis"' in role
    worker = entrypoint.split("  worker)")[1].split(";;")[0]
    assert "--queues" not in worker  # the live worker reads the default queue only


# Settings of the compose file itself or of one image role, not of the application.
NOT_FOR_THE_APP = {"WEB_PORT", "POSTGRES_PASSWORD", "PORT", "VAR_DIR", "NUMBA_CACHE_DIR", "DEBUG"}


def test_every_application_setting_set_where_compose_runs_reaches_the_containers(
    compose: list[str],
) -> None:
    settings = sorted(table_names() - NOT_FOR_THE_APP)
    given = {name: f"value-of-{name}" for name in settings if name != "SECRET_KEY"}
    result = run_compose(compose, "config", SECRET_KEY="value-of-SECRET_KEY", **given)
    assert result.returncode == 0, result.stderr
    services = yaml.safe_load(result.stdout)["services"]
    for service in APP_SERVICES:
        environment = services[service]["environment"]
        missing = [
            n for n in settings if not str(environment.get(n, "")).startswith(f"value-of-{n}")
        ]
        assert missing == [], f"{service} never receives {missing}"


def test_a_setting_left_unset_keeps_the_applications_default(resolved: dict[str, Any]) -> None:
    # None: compose passes the variable only when it is set; never "", which would replace the
    # application's default with an empty value.
    for service in APP_SERVICES:
        assert resolved["services"][service]["environment"]["LIVE_TABLE_TURN_SECONDS"] is None
