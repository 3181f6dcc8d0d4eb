"""The production roles as platform/ runs them: the release step, beat's health check, and the
nginx proxy in front of `web`, whose client address alone the brakes count."""

from __future__ import annotations

import http.client
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from accounts.authentication import CLOSE_NOT_SIGNED_IN
from accounts.models import LoginFailure
from config import beat_health
from config.lifetime import die_with_parent
from tests.helpers import (
    ROOT,
    free_port,
    port_open,
    service_unavailable,
    stop_process,
    wait_for,
)

ENTRYPOINT = str(ROOT / "platform" / "entrypoint.sh")
# The entrypoint calls python, uvicorn and celery by name: this environment's.
BIN = str(Path(sys.executable).parent)
FORGED = "203.0.113.9"


def start(command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    """A child in its own process group, gone with us."""
    return subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, preexec_fn=die_with_parent
    )


# --- release ----------------------------------------------------------------------------------


def test_release_migrates_with_redis_down(tmp_path: Path) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    environment.update(
        PATH=f"{BIN}:{environment['PATH']}",
        VAR_DIR=str(tmp_path),
        # Nothing listens there: the cache, the layer and Celery must not be needed to migrate.
        REDIS_URL="redis://127.0.0.1:1/0",
    )
    result = subprocess.run(
        [ENTRYPOINT, "release"], cwd=ROOT, env=environment, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Applying accounts.0001_initial... OK" in result.stdout
    assert (tmp_path / "db.sqlite3").stat().st_size > 0


# --- beat -------------------------------------------------------------------------------------


def test_beat_health_fails_without_a_schedule_or_with_a_stale_one(tmp_path: Path) -> None:
    schedule = tmp_path / "celerybeat-schedule"
    assert beat_health.main([str(schedule)]) == 1
    schedule.write_bytes(b"")
    assert beat_health.main([str(schedule)]) == 0
    old = time.time() - beat_health.MAX_AGE - 60
    os.utime(schedule, (old, old))
    assert beat_health.main([str(schedule)]) == 1


@pytest.mark.integration
def test_a_running_beat_passes_its_health_check(stack_env: dict[str, str], tmp_path: Path) -> None:
    env = {**stack_env, "PATH": f"{BIN}:{stack_env['PATH']}", "VAR_DIR": str(tmp_path)}
    check = [sys.executable, "-m", "config.beat_health"]

    def healthy() -> bool | None:
        return subprocess.run(check, env=env, capture_output=True).returncode == 0 or None

    assert not healthy()
    beat = start([ENTRYPOINT, "beat"], env)
    try:
        wait_for(healthy, timeout=60, what="beat to write its schedule")
    finally:
        stop_process(beat)


# --- the proxy and the client address ---------------------------------------------------------


def loopback() -> str:
    """A fresh loopback address, so counts left by other tests in the shared cache never meet."""
    return f"127.{random.randint(1, 254)}.{random.randint(0, 254)}.{random.randint(2, 254)}"


def post_json(port: int, path: str, body: dict[str, str], *, source: str, **headers: str) -> int:
    """POST from a chosen source address; returns the status code."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=20, source_address=(source, 0)
    )
    try:
        headers = {"Content-Type": "application/json", **headers}
        connection.request("POST", path, json.dumps(body), headers)
        return connection.getresponse().status
    finally:
        connection.close()


@pytest.fixture
def web(stack_env: dict[str, str]) -> Iterator[int]:
    """`entrypoint.sh web` trusting X-Forwarded-For from 127.0.0.1 only (the proxy's address)."""
    port = free_port()
    env = {
        **stack_env,
        "PATH": f"{BIN}:{stack_env['PATH']}",
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
        "FORWARDED_ALLOW_IPS": "127.0.0.1",
        "REGISTER_RATE": "1/hour",
    }
    process = start([ENTRYPOINT, "web"], env)
    try:
        wait_for(lambda: port_open(port), timeout=60, what="the web role to listen")
        yield port
    finally:
        stop_process(process)


@pytest.fixture
def proxy(web: int, tmp_path: Path) -> Iterator[int]:
    """nginx with platform/nginx.conf, its upstream pointed at the web role."""
    nginx = shutil.which("nginx", path=f"{os.environ['PATH']}:/usr/sbin")
    if nginx is None:
        service_unavailable("nginx is missing (python3 dev.py test installs it)")
    port = free_port()
    site = (ROOT / "platform" / "nginx.conf").read_text()
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
    site = site.replace("http://web:8000", f"http://127.0.0.1:{web}")
    (tmp_path / "site.conf").write_text(site)
    temp = {name: tmp_path / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    (tmp_path / "main.conf").write_text(
        ("user root;\n" if os.geteuid() == 0 else "")
        + f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        + "http {\n  access_log off;\n"
        + f"  client_body_temp_path {temp['body']};\n  proxy_temp_path {temp['proxy']};\n"
        + f"  fastcgi_temp_path {temp['fastcgi']};\n  uwsgi_temp_path {temp['uwsgi']};\n"
        + f"  scgi_temp_path {temp['scgi']};\n  include {tmp_path}/site.conf;\n}}\n"
    )
    command = [nginx, "-p", str(tmp_path), "-c", str(tmp_path / "main.conf"), "-g", "daemon off;"]
    process = start(command, dict(os.environ))
    try:
        wait_for(lambda: port_open(port), timeout=30, what="nginx to listen")
        yield port
    finally:
        stop_process(process)


def failed_sign_in(port: int, *, source: str, **headers: str) -> str | None:
    """Sign in with a wrong password; the address the brake counted it against."""
    body = {"username": f"nobody-{random.randint(0, 10**9)}", "password": "wrong"}
    assert post_json(port, "/api/auth/login/", body, source=source, **headers) == 401
    return LoginFailure.objects.get(username=body["username"]).ip


@pytest.mark.integration
@pytest.mark.slow
def test_the_brake_counts_the_client_behind_the_proxy_and_ignores_forged_headers(
    transactional_db: None, web: int, proxy: int
) -> None:
    client = loopback()
    # Through the proxy: the client's own address, whatever it claims.
    assert failed_sign_in(proxy, source=client) == client
    assert failed_sign_in(proxy, source=client, **{"X-Forwarded-For": FORGED}) == client
    # Straight to web from an address it does not trust: the header is ignored.
    assert failed_sign_in(web, source=client, **{"X-Forwarded-For": FORGED}) == client


@pytest.mark.integration
@pytest.mark.slow
def test_a_forged_header_does_not_reset_the_sign_up_throttle(
    transactional_db: None, web: int
) -> None:
    client = loopback()

    def register(name: str, forged: str) -> int:
        body = {"username": name, "password": "a long enough passphrase 42"}
        return post_json(
            web, "/api/auth/register/", body, source=client, **{"X-Forwarded-For": forged}
        )

    assert register(f"one{random.randint(0, 10**9)}", "198.51.100.1") == 201
    # REGISTER_RATE is 1/hour: a new X-Forwarded-For does not make a new client.
    assert register(f"two{random.randint(0, 10**9)}", "198.51.100.2") == 429


@pytest.mark.integration
@pytest.mark.slow
def test_a_body_over_the_proxys_limit_gets_the_json_error_shape(proxy: int) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", proxy, timeout=20)
    try:
        body = json.dumps({"username": "x" * (2 * 1024 * 1024), "password": "p"})
        connection.request("POST", "/api/auth/login/", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        assert response.status == 413
        assert response.getheader("Content-Type") == "application/json"
        assert json.loads(response.read())["error"]["code"] == "too_large"
    finally:
        connection.close()


@pytest.mark.integration
@pytest.mark.slow
def test_websockets_pass_through_the_proxy(proxy: int) -> None:
    # Anonymous: the server accepts the upgrade, then closes with its own code.
    url = f"ws://127.0.0.1:{proxy}/ws/notifications/"
    with connect(url, origin=f"http://127.0.0.1:{proxy}", open_timeout=20) as socket:
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=20)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == CLOSE_NOT_SIGNED_IN
