"""`python3 dev.py run`: the whole platform in one terminal, stopped cleanly by Ctrl-C.

Starts the embedded Redis (unless REDIS_URL is set), migrates, loads the demo data, then
supervises the ASGI server, a Celery worker and Celery beat as child process groups.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from config.lifetime import die_with_parent

STOP_TIMEOUT = 15.0
READY_TIMEOUT = 60.0
# Bytes of one WebSocket message uvicorn reads (its default: 16 MiB); a bigger one closes the
# socket with 1009. The table consumer refuses far less (MAX_FRAME_CHARS) with an error.
WS_MAX_SIZE = str(1024 * 1024)


def say(message: str, *, error: bool = False) -> None:
    """Print, but never let a closed terminal or pipe stop the shutdown that follows."""
    try:
        print(message, file=sys.stderr if error else sys.stdout, flush=True)
    except OSError:
        pass


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Read --host and --port."""
    parser = argparse.ArgumentParser(prog="python3 dev.py run", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="interface to serve on")
    parser.add_argument("--port", type=int, default=8000, help="HTTP port (default 8000)")
    return parser.parse_args(argv)


def port_is_free(host: str, port: int) -> bool:
    """Try to bind the port the ASGI server will need."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def wait_until_healthy(url: str, children: list[subprocess.Popen[bytes]]) -> bool:
    """Wait for an all-ok /healthz (the worker too); give up if a child dies first."""
    deadline = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < deadline:
        if any(child.poll() is not None for child in children):
            return False
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=5) as response:  # noqa: S310
                # 200 also means "degraded" (no worker yet): read the status itself.
                if json.load(response).get("status") == "ok":
                    return True
        except (OSError, ValueError):  # Refused, timed out, a 503, or not JSON (yet).
            pass
        time.sleep(0.3)
    return False


class Supervisor:
    """Child processes, each in its own process group so a stop reaches their children too."""

    def __init__(self) -> None:
        self.children: dict[str, subprocess.Popen[bytes]] = {}
        self.stopping = threading.Event()

    def start(self, name: str, *args: str, niceness: int = 0) -> None:
        """Start `python -m <args>` in a new session (the terminal's Ctrl-C goes to us only),
        `niceness` lower in CPU priority."""
        command = [sys.executable, "-m", *args]

        def prepare() -> None:
            die_with_parent()
            os.nice(niceness)

        self.children[name] = subprocess.Popen(command, start_new_session=True, preexec_fn=prepare)

    def first_exited(self) -> str | None:
        """Name a child that has exited, if any."""
        return next((name for name, p in self.children.items() if p.poll() is not None), None)

    def stop_all(self) -> None:
        """SIGTERM every group, wait, then SIGKILL whatever is left."""
        for child in self.children.values():
            _signal_group(child, signal.SIGTERM)
        deadline = time.monotonic() + STOP_TIMEOUT
        for child in self.children.values():
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
            # Also reap grandchildren (pool processes) that outlived their parent.
            _signal_group(child, signal.SIGKILL)
            child.wait()


def _signal_group(child: subprocess.Popen[bytes], signum: int) -> None:
    """Signal a child's whole process group, ignoring one that is already gone."""
    try:
        os.killpg(child.pid, signum)
    except ProcessLookupError:
        pass


@contextmanager
def embedded_redis_if_needed() -> Iterator[None]:
    """Run the embedded Redis for the duration, unless REDIS_URL points elsewhere."""
    if os.environ.get("REDIS_URL"):
        yield
        return
    from django.conf import settings

    from config.embedded_redis import EmbeddedRedis, EmbeddedRedisError

    server = EmbeddedRedis(settings.EMBEDDED_REDIS_SOCKET)
    try:
        server.start()
    except EmbeddedRedisError as error:
        sys.exit(f"Could not start the embedded Redis: {error}")
    say(f"Embedded Redis on {server.socket_path}")
    try:
        yield
    finally:
        server.stop()


def base_url(host: str, port: int) -> str:
    """The address to open in a browser (a wildcard bind is reachable on loopback)."""
    return f"http://{'127.0.0.1' if host in {'0.0.0.0', ''} else host}:{port}"  # noqa: S104


def banner(url: str) -> str:
    """What a person needs once everything is up."""
    from tournaments.demo import DEMO_LOGINS

    lines = [
        "",
        f"  Belote platform is running: {url}/",
        f"    health:    {url}/healthz",
        f"    API docs:  {url}/api/docs/",
        f"    admin:     {url}/admin/",
        *(f"  Demo login: {d.username} / {d.password}  ({d.role})" for d in DEMO_LOGINS),
        "  Computer players: bot-easy, bot-medium, bot-hard (rated, no login)",
        "  Press Ctrl-C to stop.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Bring the platform up, wait for Ctrl-C or a crash, bring it down."""
    args = parse_args(argv)
    if not port_is_free(args.host, args.port):
        say(
            f"Port {args.port} on {args.host} is already in use (another `dev.py run`?).\n"
            f"Stop whatever uses it, or pick another port: python3 dev.py run --port "
            f"{args.port + 1}",
            error=True,
        )
        return 1
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.conf import settings
    from django.core.management import call_command

    django.setup()
    settings.VAR_DIR.mkdir(parents=True, exist_ok=True)
    supervisor = Supervisor()

    def request_stop(signum: int, frame: FrameType | None) -> None:
        supervisor.stopping.set()

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, request_stop)
    with embedded_redis_if_needed():
        say("Migrating the database...")
        call_command("migrate", interactive=False, verbosity=0)
        call_command("load_demo_data", verbosity=0)
        supervisor.start(
            "web", "uvicorn", "config.asgi:application", "--host", args.host,
            "--port", str(args.port), "--lifespan", "off", "--ws-max-size", WS_MAX_SIZE,
        )  # fmt: skip
        say("the worker loads the computer players' compiled search (compiled on first run)")
        supervisor.start(
            "worker", "celery", "-A", "config", "worker", "--loglevel", "INFO",
            "--concurrency", "2", "--hostname", "worker@%h", "--without-mingle", "--without-gossip",
        )  # fmt: skip
        # Hand analyses: their own queue and process, at the lowest CPU priority.
        supervisor.start(
            "analysis", "celery", "-A", "config", "worker", "--loglevel", "INFO",
            "--concurrency", "1", "--hostname", "analysis@%h", "--without-mingle",
            "--without-gossip", "--queues", f"{settings.CELERY_TASK_DEFAULT_QUEUE}-analysis",
            niceness=19,
        )  # fmt: skip
        supervisor.start(
            "beat", "celery", "-A", "config", "beat", "--loglevel", "INFO",
            "--schedule", settings.CELERY_BEAT_SCHEDULE_FILENAME,
        )  # fmt: skip
        status = 0
        url = base_url(args.host, args.port)
        try:
            if wait_until_healthy(url, list(supervisor.children.values())):
                say(banner(url))
            elif not supervisor.stopping.is_set():
                say(f"Not healthy after {READY_TIMEOUT:g} s: see {url}/healthz", error=True)
            while not supervisor.stopping.wait(0.5):
                crashed = supervisor.first_exited()
                if crashed:
                    say(f"The {crashed} process exited; stopping everything.", error=True)
                    status = 1
                    break
        finally:
            say("Stopping...")
            supervisor.stop_all()
            say("Stopped.")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
