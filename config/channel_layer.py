"""The channel layer: channels-redis with a read timeout above its blocking receive and a pool
that waits for a free connection instead of refusing one.

channels-redis waits for a quiet channel with BZPOPMIN for `brpop_timeout` (5 s), while
redis-py reads with a 5 s socket timeout by default: every quiet socket's receive loop raised
TimeoutError and the consumer died (close 1006). And redis-py's async pool raises
MaxConnectionsError past its cap, so a burst of connects or disconnects lost group_add and
group_discard calls (stale group members); a blocking pool makes the burst wait its turn.
"""

from __future__ import annotations

from typing import Any

from channels_redis.core import RedisChannelLayer
from redis.asyncio import BlockingConnectionPool

# Seconds a read may take: comfortably above the layer's 5 s blocking receive.
READ_TIMEOUT = 30.0
CONNECT_TIMEOUT = 10.0
# Connections per process and event loop, and how long a burst waits for one of them.
POOL_SIZE = 100
POOL_WAIT = 30.0


def layer_host(url: str) -> dict[str, Any]:
    """One Redis server as the layer's `hosts` entry, with the timeouts and pool size above."""
    return {
        "address": url,
        "socket_timeout": READ_TIMEOUT,
        "socket_connect_timeout": CONNECT_TIMEOUT,
        # A connection idle this long is checked before use (a proxy or NAT may drop it).
        "health_check_interval": 30,
        "max_connections": POOL_SIZE,
        "timeout": POOL_WAIT,
    }


class ReliableRedisChannelLayer(RedisChannelLayer):
    """channels-redis, but its pools block for a connection instead of raising."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for host in self.hosts:
            if host.get("socket_timeout", 0) <= self.brpop_timeout:
                raise ValueError(
                    f"socket_timeout must exceed the layer's {self.brpop_timeout} s blocking read"
                )

    def create_pool(self, index: int) -> BlockingConnectionPool:
        """A blocking pool on the host's URL (channels-redis makes a refusing one)."""
        host = dict(self.hosts[index])
        return BlockingConnectionPool.from_url(host.pop("address"), **host)


def channel_layers(url: str) -> dict[str, Any]:
    """The CHANNEL_LAYERS setting for one Redis server."""
    return {
        "default": {
            "BACKEND": "config.channel_layer.ReliableRedisChannelLayer",
            "CONFIG": {"hosts": [layer_host(url)]},
        }
    }
