"""Services found by URL alone: passwords and TLS reach every client, with no file edits."""

from __future__ import annotations

import json
import os
import ssl
import subprocess
import sys
from typing import Any

import kombu
import pytest
import redis
import redis.asyncio
from celery import Celery
from celery.backends.redis import RedisBackend

from config.channel_layer import ReliableRedisChannelLayer, layer_host
from config.env import SettingsError, database_config, redis_urls
from tests.helpers import ROOT

TLS_REDIS = "rediss://:p%40ss%2Fw@redis.example:6380/3"
SQLITE_DEFAULT = "sqlite:////data/default.sqlite3"


def settings_in_child(**env: str) -> dict[str, Any]:
    """The settings a process started with exactly these variables ends up with."""
    environment = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    script = (
        "import json, django; from django.conf import settings; django.setup();"
        "print(json.dumps({'DATABASES': settings.DATABASES, 'CACHES': settings.CACHES,"
        " 'REST_FRAMEWORK': settings.REST_FRAMEWORK,"
        " 'BROKER': settings.CELERY_BROKER_URL},"
        " default=str))"
    )
    result = subprocess.run(
        [sys.executable, "-c", f"import os; os.environ['DJANGO_SETTINGS_MODULE']="
         f"'config.settings'; {script}"],
        cwd=ROOT, env={**environment, **env}, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_rediss_requires_a_verified_certificate_by_default() -> None:
    urls = redis_urls(TLS_REDIS, default="")
    assert urls.channel_layer == urls.celery == urls.cache
    assert urls.celery.endswith("?ssl_cert_reqs=required")


def test_rediss_keeps_a_chosen_certificate_requirement_and_other_options() -> None:
    url = redis_urls(f"{TLS_REDIS}?ssl_cert_reqs=none&ssl_ca_certs=/ca.pem", default="").celery
    assert url == f"{TLS_REDIS}?ssl_cert_reqs=none&ssl_ca_certs=/ca.pem"


def test_rediss_refuses_an_unknown_certificate_requirement() -> None:
    with pytest.raises(SettingsError) as raised:
        redis_urls(f"{TLS_REDIS}?ssl_cert_reqs=maybe", default="")
    assert str(raised.value.code).startswith("Configuration error: REDIS_URL ssl_cert_reqs")


def test_every_redis_client_reads_the_password_and_tls_from_the_url() -> None:
    urls = redis_urls(TLS_REDIS, default="")
    # The cache: redis-py; the channel layer: redis-py's asyncio side.
    pool = redis.ConnectionPool.from_url(urls.cache)
    assert pool.connection_class is redis.SSLConnection
    assert pool.connection_kwargs["password"] == "p@ss/w"
    assert pool.connection_kwargs["ssl_cert_reqs"] == "required"
    layer = ReliableRedisChannelLayer(hosts=[layer_host(urls.channel_layer)]).create_pool(0)
    assert issubclass(layer.connection_class, redis.asyncio.SSLConnection)
    assert layer.connection_kwargs["password"] == "p@ss/w"
    # Celery's result backend refuses a rediss:// URL without ssl_cert_reqs.
    backend = RedisBackend(app=Celery(set_as_current=False), url=urls.celery)
    assert backend.connparams["password"] == "p@ss/w"
    assert backend.connparams["ssl_cert_reqs"] == ssl.CERT_REQUIRED
    # Celery's broker: kombu.
    broker = kombu.Connection(urls.celery)
    assert broker.password == "p@ss/w"
    assert broker.ssl == {"ssl_cert_reqs": ssl.CERT_REQUIRED}


def test_database_url_carries_an_encoded_password_and_sslmode() -> None:
    config = database_config(
        "postgres://belote:p%40ss%2Fw@db.example:5432/belote?sslmode=require",
        default=SQLITE_DEFAULT,
    )
    assert config["PASSWORD"] == "p@ss/w"
    assert config["OPTIONS"]["sslmode"] == "require"


def test_postgres_gets_a_connection_pool_and_keeps_its_url_options() -> None:
    database = settings_in_child(
        DATABASE_URL="postgres://u:p@db.example/belote?sslmode=require", DB_POOL_MAX_SIZE="5"
    )["DATABASES"]["default"]
    assert database["CONN_MAX_AGE"] == 0
    assert database["OPTIONS"]["sslmode"] == "require"
    assert database["OPTIONS"]["pool"]["max_size"] == 5


def test_the_pool_can_be_turned_off_for_an_external_pooler() -> None:
    database = settings_in_child(
        DATABASE_URL="postgres://u:p@pgbouncer/belote", DB_POOL_MAX_SIZE="0", CONN_MAX_AGE="60"
    )["DATABASES"]["default"]
    assert "pool" not in database["OPTIONS"]
    assert database["CONN_MAX_AGE"] == 60


def test_sqlite_has_no_pool() -> None:
    database = settings_in_child()["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert "pool" not in database["OPTIONS"]


def test_the_cache_is_the_shared_redis_with_or_without_variables() -> None:
    embedded = settings_in_child()
    assert embedded["CACHES"]["default"]["BACKEND"] == "config.cache.RedisCache"
    assert embedded["CACHES"]["default"]["LOCATION"].endswith("/redis.sock")
    assert embedded["CACHES"]["default"]["LOCATION"].startswith("unix://")
    remote = settings_in_child(REDIS_URL=TLS_REDIS)
    expected = f"{TLS_REDIS}?ssl_cert_reqs=required"
    assert remote["CACHES"]["default"]["LOCATION"] == expected
    assert remote["BROKER"] == expected


def test_throttles_never_read_x_forwarded_for_themselves() -> None:
    assert settings_in_child()["REST_FRAMEWORK"]["NUM_PROXIES"] == 0
