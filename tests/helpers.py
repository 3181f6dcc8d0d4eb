"""Plain helpers the fixtures and tests share: ports, polling, processes, service policy."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import pytest

from config.lifetime import die_with_parent
from config.stack import WS_MAX_SIZE

ROOT = Path(__file__).resolve().parent.parent
# Set by .ci/run: there, a missing service is a failure, not a reason to skip.
REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
ARTIFACTS = ROOT / "test-artifacts"
T = TypeVar("T")


def service_unavailable(message: str) -> NoReturn:
    """Skip a test whose service is missing, or fail it where services are required."""
    if REQUIRE_SERVICES:
        pytest.fail(f"{message} (REQUIRE_SERVICES=1 makes this a failure)", pytrace=False)
    pytest.skip(message)


def artifact_path(name: str) -> Path:
    """A path under test-artifacts/ for screenshots and other evidence a run leaves."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name


def free_port() -> int:
    """Ask the kernel for a TCP port nobody listens on."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(check: Callable[[], T | None], *, timeout: float, what: str) -> T:
    """Poll until check returns a value other than None, or fail saying what never happened."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value is not None:
            return value
        time.sleep(0.1)
    pytest.fail(f"timed out after {timeout:g} s waiting for {what}", pytrace=False)


def _activity(pids: Iterable[int]) -> tuple[frozenset[int], int, bool]:
    """The live processes among pids, the CPU ticks they have used, and whether one is running."""
    alive, ticks, running = set(), 0, False
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] == "Z":
            continue
        alive.add(pid)
        # After the name: state, then utime and stime are the 12th and 13th fields.
        ticks += int(fields[11]) + int(fields[12])
        # Running, or waiting on the disk: busy either way.
        running = running or fields[0] in ("R", "D")
    return frozenset(alive), ticks, running


def wait_while_working(
    check: Callable[[], T | None], *, pids: Callable[[], Iterable[int]], idle: float, what: str
) -> T:
    """Poll until check returns a value other than None, for as long as the processes work.

    A busy machine slows processes down but leaves them using CPU, runnable or exiting one by
    one; only processes that sit still for `idle` seconds (none exits, none runs or uses CPU)
    are stuck. So the wait ends on the condition or on a real hang, never on the machine's load.
    """
    last = _activity(pids())
    still_since = time.monotonic()
    while True:
        value = check()
        if value is not None:
            return value
        now = _activity(pids())
        if now != last or now[2]:
            last, still_since = now, time.monotonic()
        elif time.monotonic() - still_since > idle:
            pytest.fail(
                f"waiting for {what}: processes {sorted(now[0])} did nothing for {idle:g} s",
                pytrace=False,
            )
        time.sleep(0.1)


def port_open(port: int) -> bool | None:
    """True once something accepts connections on the port (None until then, for wait_for)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return None


def get_json(url: str, timeout: float = 10.0) -> tuple[int, Any]:
    """GET a JSON document, returning the status code and the body, errors included."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def descendants(pid: int) -> set[int]:
    """Every process below pid, read from /proc (children in new sessions included)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found: set[int] = set()
    pending = [pid]
    while pending:
        for child in children.get(pending.pop(), []):
            if child not in found:
                found.add(child)
                pending.append(child)
    return found


def process_alive(pid: int) -> bool:
    """True while the process exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@dataclass(frozen=True)
class Redis:
    """The Redis server of this test session, and the Celery queue that isolates the run."""

    url: str
    queue: str


@dataclass(frozen=True)
class Worker:
    """A Celery worker process started for the tests."""

    hostname: str
    process: subprocess.Popen[bytes]


@dataclass(frozen=True)
class Server:
    """An ASGI server process started for the tests."""

    url: str
    ws_url: str
    process: subprocess.Popen[bytes]


def stop_process(process: subprocess.Popen[bytes], *, at_once: bool = False) -> None:
    """Stop a child's whole process group: SIGTERM, then SIGKILL if it lingers (at once: only
    SIGKILL, for a process whose work is over). Returns once every process of the group is
    gone, not only the leader: a worker's children still holding database connections would
    keep the test database from being dropped."""
    signals = ((signal.SIGTERM, 10), (signal.SIGKILL, 5))
    for signum, grace in signals[1:] if at_once else signals:
        try:
            os.killpg(process.pid, signum)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + grace
        while _group_alive(process) and time.monotonic() < deadline:
            time.sleep(0.05)
        if not _group_alive(process):
            return


def _group_alive(process: subprocess.Popen[bytes]) -> bool:
    """Whether a process of the child's group still runs (zombies left to init do not count)."""
    process.poll()  # reaps the leader once it has exited
    proc = Path("/proc")
    if not proc.is_dir():
        return process.returncode is None
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # exited while we looked
        state, group = fields[0], int(fields[2])
        if group == process.pid and state != "Z":
            return True
    return False


@contextmanager
def asgi_process(env: dict[str, str]) -> Iterator[Server]:
    """The real ASGI app under uvicorn on a free port, with the given environment."""
    port = free_port()
    command = [
        sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
        "--port", str(port), "--lifespan", "off", "--log-level", "warning",
        "--ws-max-size", WS_MAX_SIZE,
    ]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, preexec_fn=die_with_parent
    )
    try:
        wait_for(lambda: port_open(port), timeout=30, what="uvicorn to accept connections")
        yield Server(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", process)
    finally:
        stop_process(process)


def celery_process(env: dict[str, str], *args: str) -> subprocess.Popen[bytes]:
    """`celery -A config <args>` in its own process group, dying with the tests."""
    command = [sys.executable, "-m", "celery", "-A", "config", *args, "--loglevel", "WARNING"]
    return subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, preexec_fn=die_with_parent
    )


def start_worker(env: dict[str, str], queue: str, concurrency: int = 1) -> subprocess.Popen[bytes]:
    """A worker on `queue` (a queue of the test's own, so killing it touches nothing else)."""
    from config.celery import ping

    process = celery_process(
        env, "worker", "--queues", queue, "--hostname", f"{queue}-{uuid.uuid4().hex[:6]}@localhost",
        "--concurrency", str(concurrency), "--without-mingle", "--without-gossip",
    )  # fmt: skip
    ping.apply_async(queue=queue, expires=60).get(timeout=60)
    return process


@contextmanager
def default_queue(queue: str) -> Iterator[None]:
    """Send this process's tasks to `queue` for the duration."""
    from config.celery import app

    previous = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    try:
        yield
    finally:
        app.conf.task_default_queue = previous
