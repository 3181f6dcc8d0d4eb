"""`python3 dev.py run` brings the embedded platform up healthy and Ctrl-C leaves nothing behind."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import (
    ROOT,
    descendants,
    free_port,
    get_json,
    process_alive,
    wait_for,
    wait_while_working,
)

# Embedded mode: none of the variables that point at real services.
SERVICE_VARIABLES = {"DATABASE_URL", "REDIS_URL", "CELERY_QUEUE", "DJANGO_SETTINGS_MODULE"}
# Seconds stopping processes may sit still (no exit, no CPU, not runnable) before they count as
# hung: a slow machine makes them slower, never still.
IDLE = 30


def embedded_env(var_dir: Path) -> dict[str, str]:
    """The caller's environment minus service variables, with its own runtime folder."""
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    return {**env, "VAR_DIR": str(var_dir), "PYTHONUNBUFFERED": "1"}


def healthy(port: int) -> dict[str, object] | None:
    """The /healthz body once it says all is well: "ok", not only 200 (a worker still slow to
    answer its first ping, on a busy machine, is "degraded" and 200 too)."""
    try:
        status, body = get_json(f"http://127.0.0.1:{port}/healthz")
    except OSError:
        return None
    return body if status == 200 and body.get("status") == "ok" else None


def printed(log: Path, text: str) -> bool | None:
    """True once the run's output holds the text (None until then, for wait_for)."""
    return True if text in log.read_text() else None


def run_until_healthy_then(signum: signal.Signals, var_dir: Path, log: Path) -> None:
    """One full run: start, wait for an all-ok /healthz, signal the run, expect no survivor."""
    port = free_port()
    with log.open("w") as output:
        run = subprocess.Popen(
            [sys.executable, "dev.py", "run", "--port", str(port)],
            cwd=ROOT,
            env=embedded_env(var_dir),
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        try:
            body = wait_for(lambda: healthy(port), timeout=120, what="an all-ok /healthz")
            assert body["failing"] == []
            ready = "Press Ctrl-C to stop."
            wait_for(lambda: printed(log, ready), timeout=10, what="the run's banner")
            started = descendants(run.pid)
            assert len(started) >= 4  # redis-server, uvicorn, celery worker, celery beat
            run.send_signal(signum)
            # However long the machine's load makes it, while the processes still work on it.
            status = wait_while_working(
                run.poll, pids=lambda: [run.pid, *started], idle=IDLE, what="the run to stop"
            )
        finally:
            if run.poll() is None:
                run.kill()
                run.wait()

    def nothing_left() -> bool | None:
        return None if any(process_alive(pid) for pid in started) else True

    if signum == signal.SIGINT:
        assert status == 0, log.read_text()
        assert nothing_left(), "Ctrl-C left processes behind"
        assert not (var_dir / "redis.sock").exists()
    else:
        # A killed supervisor cannot clean up: its children must notice and exit themselves.
        wait_while_working(
            nothing_left, pids=lambda: started, idle=IDLE, what="the killed run's children to exit"
        )
    output_text = log.read_text()
    assert f"http://127.0.0.1:{port}/" in output_text
    assert "organizer / belote-demo" in output_text


@pytest.mark.slow
@pytest.mark.integration
def test_ctrl_c_stops_everything_and_a_second_run_works(tmp_path: Path) -> None:
    var_dir = tmp_path / "var"
    run_until_healthy_then(signal.SIGINT, var_dir, tmp_path / "first.log")
    # The second run finds the database and demo data of the first; killed outright, it
    # still takes its children with it.
    run_until_healthy_then(signal.SIGKILL, var_dir, tmp_path / "second.log")


def test_port_in_use_gets_a_clear_message_with_the_fix(tmp_path: Path) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "dev.py", "run", "--port", str(port)],
            cwd=ROOT,
            env=embedded_env(tmp_path / "var"),
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert result.returncode == 1
    assert f"Port {port} on 127.0.0.1 is already in use" in result.stderr
    assert f"python3 dev.py run --port {port + 1}" in result.stderr
    assert "Traceback" not in result.stderr
