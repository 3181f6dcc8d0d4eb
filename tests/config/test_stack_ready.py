"""`dev.py run` announces the platform only once /healthz says "ok", the worker included."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from config import stack


class FakeHealth(BaseHTTPRequestHandler):
    """Answers /healthz with 200 and whatever status the test sets."""

    status = "degraded"

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        body = json.dumps({"status": type(self).status}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        """Keep the test output quiet."""


@pytest.fixture
def health_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeHealth)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    FakeHealth.status = "degraded"


def test_a_degraded_answer_is_not_ready(health_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stack, "READY_TIMEOUT", 1.0)
    assert stack.wait_until_healthy(health_url, []) is False


def test_an_ok_answer_is_ready(health_url: str) -> None:
    FakeHealth.status = "ok"
    assert stack.wait_until_healthy(health_url, []) is True
