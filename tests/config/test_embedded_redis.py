"""The embedded Redis starts on a socket, replaces a stale one, and refuses to start twice."""

from __future__ import annotations

from pathlib import Path

import pytest
import redis

from config.embedded_redis import EmbeddedRedis, EmbeddedRedisError


def test_starts_over_a_stale_socket_and_cleans_up(tmp_path: Path) -> None:
    socket_path = tmp_path / "redis.sock"
    socket_path.write_text("left behind by a killed run")
    server = EmbeddedRedis(socket_path).start()
    try:
        client = redis.Redis.from_url(server.url)
        assert client.ping()
        client.set("key", "value")
        assert client.get("key") == b"value"
    finally:
        server.stop()
    assert not socket_path.exists()


def test_refuses_a_socket_another_server_answers_on(tmp_path: Path) -> None:
    first = EmbeddedRedis(tmp_path / "redis.sock").start()
    try:
        with pytest.raises(EmbeddedRedisError, match="already listens"):
            EmbeddedRedis(tmp_path / "redis.sock").start()
        assert redis.Redis.from_url(first.url).ping()
    finally:
        first.stop()
