"""Read settings from environment variables; a bad value stops the process with one clear line."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import dj_database_url

DATABASE_SCHEMES = {"postgres", "postgresql", "pgsql", "sqlite"}
# What a rediss:// URL may ask of the server's certificate (redis-py and Celery both read these).
SSL_CERT_REQS = {"required", "optional", "none"}


class SettingsError(SystemExit):
    """Raised for an unusable variable: SystemExit prints one line at every entry point."""

    def __init__(self, variable: str, problem: str) -> None:
        super().__init__(f"Configuration error: {variable} {problem}")


def env_str(name: str, default: str) -> str:
    """Return a variable, or the default when it is unset."""
    return os.environ.get(name, default)


def env_bool(name: str, *, default: bool) -> bool:
    """Parse a yes/no variable strictly, so a typo cannot silently flip DEBUG."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise SettingsError(name, f"must be true or false, not {raw!r}")


def env_int(name: str, *, default: int) -> int:
    """Parse an integer variable."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SettingsError(name, f"must be an integer, not {raw!r}") from None


def env_float(name: str, *, default: float) -> float:
    """Parse a number variable."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return float(raw)
    except ValueError:
        raise SettingsError(name, f"must be a number, not {raw!r}") from None


def env_list(name: str, *, default: list[str]) -> list[str]:
    """Parse a comma-separated variable."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def database_config(url: str | None, *, default: str) -> dict[str, Any]:
    """Turn DATABASE_URL (or the embedded default) into Django's DATABASES entry."""
    if url is None:
        url = default
    elif not url.strip():
        raise SettingsError("DATABASE_URL", "is set but empty (unset it to use SQLite)")
    scheme = urlsplit(url).scheme
    if scheme not in DATABASE_SCHEMES:
        raise SettingsError(
            "DATABASE_URL", f"must start with postgres:// or sqlite:///, got {_redact(url)!r}"
        )
    try:
        config = dj_database_url.parse(url, conn_max_age=0, conn_health_checks=True)
    except ValueError as error:
        raise SettingsError("DATABASE_URL", f"is malformed ({error})") from None
    if not config.get("NAME"):
        raise SettingsError("DATABASE_URL", f"names no database: {_redact(url)!r}")
    return dict(config)


@dataclass(frozen=True)
class RedisUrls:
    """One Redis server as each client spells it: Celery differs from redis-py for sockets."""

    channel_layer: str
    celery: str
    # Django's RedisCache goes through redis-py, like the channel layer.
    cache: str


def redis_urls(url: str | None, *, default: str) -> RedisUrls:
    """Validate REDIS_URL (or the embedded socket) and derive the URL each client needs."""
    if url is None:
        url = default
    elif not url.strip():
        raise SettingsError("REDIS_URL", "is set but empty (unset it to use the embedded Redis)")
    parts = urlsplit(url)
    if parts.scheme == "unix":
        if not parts.path:
            raise SettingsError("REDIS_URL", f"names no socket path: {url!r}")
        return RedisUrls(channel_layer=url, celery=f"redis+socket://{parts.path}", cache=url)
    if parts.scheme not in {"redis", "rediss"}:
        raise SettingsError(
            "REDIS_URL", f"must start with redis://, rediss:// or unix://, got {_redact(url)!r}"
        )
    try:
        port_is_valid = parts.port != 0  # urlsplit checks the port only when it is read.
    except ValueError:
        port_is_valid = False
    if not port_is_valid:
        raise SettingsError("REDIS_URL", f"has an invalid port: {_redact(url)!r}")
    if not parts.hostname:
        raise SettingsError("REDIS_URL", f"names no host: {_redact(url)!r}")
    database = parts.path.lstrip("/")
    if database and not database.isdigit():
        raise SettingsError("REDIS_URL", f"database must be a number, got {database!r}")
    if parts.scheme == "rediss":
        url = _with_cert_reqs(url)
    return RedisUrls(channel_layer=url, celery=url, cache=url)


def _with_cert_reqs(url: str) -> str:
    """Spell out ssl_cert_reqs (default: required): Celery refuses a rediss:// URL without it."""
    parts = urlsplit(url)
    query = parse_qs(parts.query, keep_blank_values=True)
    requirement = query.get("ssl_cert_reqs", ["required"])[-1]
    if requirement not in SSL_CERT_REQS:
        raise SettingsError(
            "REDIS_URL", f"ssl_cert_reqs must be required, optional or none, not {requirement!r}"
        )
    query["ssl_cert_reqs"] = [requirement]
    return parts._replace(query=urlencode(query, doseq=True, safe="/")).geturl()


def _redact(url: str) -> str:
    """Hide a password before a URL goes into an error message."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    return url.replace(f":{parts.password}@", ":***@", 1)
