"""A bad DATABASE_URL or REDIS_URL stops every entry point with one line naming it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from config.env import SettingsError, database_config, redis_urls
from tests.helpers import ROOT

SQLITE_DEFAULT = "sqlite:////data/default.sqlite3"
REDIS_DEFAULT = "unix:///data/redis.sock"


@pytest.mark.parametrize(
    "url",
    [
        "",
        "   ",
        "nonsense",
        "mysql://user@host/db",
        "postgres://user@host:notaport/db",
        "postgres://user@host:5432/",
    ],
)
def test_bad_database_url_is_refused_naming_the_variable(url: str) -> None:
    with pytest.raises(SettingsError) as raised:
        database_config(url, default=SQLITE_DEFAULT)
    assert str(raised.value.code).startswith("Configuration error: DATABASE_URL ")


def test_database_url_password_is_not_echoed() -> None:
    with pytest.raises(SettingsError) as raised:
        database_config("mysql://user:hunter2@host/db", default=SQLITE_DEFAULT)
    assert "hunter2" not in str(raised.value.code)


def test_unset_database_url_means_the_sqlite_default() -> None:
    config = database_config(None, default=SQLITE_DEFAULT)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == "/data/default.sqlite3"


def test_postgres_url_is_parsed() -> None:
    config = database_config("postgres://u:p@db.local:6543/belote", default=SQLITE_DEFAULT)
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.local", 6543, "belote")


@pytest.mark.parametrize(
    "url",
    ["", "http://host", "redis://", "redis://host:99999/0", "redis://host/notanumber", "unix://"],
)
def test_bad_redis_url_is_refused_naming_the_variable(url: str) -> None:
    with pytest.raises(SettingsError) as raised:
        redis_urls(url, default=REDIS_DEFAULT)
    assert str(raised.value.code).startswith("Configuration error: REDIS_URL ")


def test_unix_socket_is_spelled_for_each_client() -> None:
    urls = redis_urls(None, default="unix:///run/r.sock")
    assert urls.channel_layer == "unix:///run/r.sock"
    assert urls.celery == "redis+socket:///run/r.sock"


def test_tcp_redis_url_serves_both_clients_as_is() -> None:
    urls = redis_urls("redis://cache:6379/2", default=REDIS_DEFAULT)
    assert urls.channel_layer == urls.celery == "redis://cache:6379/2"


@pytest.mark.parametrize(
    ("variable", "env", "entry_point"),
    [
        ("DATABASE_URL", {"DATABASE_URL": ""}, ["manage.py", "check"]),
        ("DATABASE_URL", {"DATABASE_URL": "mysql://user@host/db"}, ["manage.py", "migrate"]),
        (
            "REDIS_URL",
            {"REDIS_URL": "http://localhost"},
            ["-m", "celery", "-A", "config", "worker"],
        ),
        (
            "REDIS_URL",
            {"REDIS_URL": "rediss://host:6380/0?ssl_cert_reqs=maybe"},
            ["manage.py", "check"],
        ),
        (
            "CONN_MAX_AGE",
            {"DATABASE_URL": "postgres://user@host/db", "CONN_MAX_AGE": "60"},
            ["manage.py", "check"],
        ),
        ("SECRET_KEY", {"DEBUG": "false", "SECRET_KEY": ""}, ["manage.py", "check"]),
        ("GUEST_KEEP_DAYS", {"GUEST_KEEP_DAYS": "14"}, ["manage.py", "check"]),
        ("DEBUG", {"DEBUG": "maybe"}, ["-m", "uvicorn", "config.asgi:application"]),
    ],
)
def test_entry_point_exits_with_one_line_not_a_traceback(
    variable: str, env: dict[str, str], entry_point: list[str]
) -> None:
    environment = {**os.environ, **env}
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    command = [sys.executable, *entry_point]
    result = subprocess.run(
        command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith(f"Configuration error: {variable} ")
    assert "Traceback" not in result.stdout + result.stderr
