"""The channel layer: channels-redis with a read timeout above its blocking receive, a pool
that waits for a free connection instead of refusing one, and an ordered batch send.

channels-redis waits for a quiet channel with BZPOPMIN for `brpop_timeout` (5 s), while
redis-py reads with a 5 s socket timeout by default: every quiet socket's receive loop raised
TimeoutError and the consumer died (close 1006). And redis-py's async pool raises
MaxConnectionsError past its cap, so a burst of connects or disconnects lost group_add and
group_discard calls (stale group members); a blocking pool makes the burst wait its turn.
A table change's messages (a play, its hand end, the next deal, each to five groups) go out
in two round trips, queued in the order given, instead of four round trips per message.
"""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Callable, Sequence
from typing import Any

from channels_redis.core import RedisChannelLayer
from redis.asyncio import BlockingConnectionPool

# Makes a message when it is to be sent (not at all for a group nobody is in).
MessageMaker = Callable[[], dict[str, Any]]

# Seconds a read may take: comfortably above the layer's 5 s blocking receive.
READ_TIMEOUT = 30.0
CONNECT_TIMEOUT = 10.0
# Connections per process and event loop, and how long a burst waits for one of them.
POOL_SIZE = 100
POOL_WAIT = 30.0
# Messages one process's queue holds: channels-redis counts a capacity per process, for all
# of its sockets together (their channels share one key), not per socket; its default of 100
# lost messages (healed by snapshots) as soon as a web process with 200 sockets fell behind
# for a moment. Unread messages still expire after the layer's expiry (60 s).
CAPACITY = 2000
# Messages a web process takes off its queue in one round trip when several are waiting.
RECEIVE_BATCH = 100
# Seconds between the queue scores of consecutive messages of one batch: they sort in order.
SCORE_STEP = 1e-6

# KEYS: a channel queue per message copy; ARGV: (message, capacity, score) per key, then the
# queues' expiry and the score below which a queued message has expired.
SEND_IN_ORDER = """
local expiry = ARGV[#ARGV - 1]
local stale = ARGV[#ARGV]
local over_capacity = 0
for i = 1, #KEYS do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, stale)
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[3 * i - 1]) then
        redis.call('ZADD', KEYS[i], ARGV[3 * i], ARGV[3 * i - 2])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""


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
        # Queued messages taken off a process's queue and not yet handed out (receive_single).
        self._taken: collections.defaultdict[str, collections.deque[bytes]] = (
            collections.defaultdict(collections.deque)
        )
        for host in self.hosts:
            if host.get("socket_timeout", 0) <= self.brpop_timeout:
                raise ValueError(
                    f"socket_timeout must exceed the layer's {self.brpop_timeout} s blocking read"
                )

    async def receive_single(self, channel: str) -> tuple[Any, dict[str, Any]]:
        """The next message of a process's queue, taking all that wait in one round trip.

        channels-redis spends four commands on each message (restore a backup, BZPOPMIN, back
        it up, clear the backup); a web process behind by 40 messages waited for 160 round
        trips. Messages taken here wait in this process (the queue serves only its sockets,
        and its sockets die with it); only an empty queue takes the blocking path.
        """
        if not self._taken[channel] and "!" in channel and self.ring_size == 1:
            # Shielded: a socket that closes meanwhile cancels its receive, and what was
            # taken for every socket must still be kept.
            await asyncio.shield(self._take(channel))
        if not self._taken[channel]:
            return await super().receive_single(channel)
        message = self.deserialize(self._taken[channel].popleft())
        return message.pop("__asgi_channel__", channel), message

    async def _take(self, channel: str) -> None:
        popped = await self.connection(0).zpopmin(self.prefix + channel, RECEIVE_BATCH)
        self._taken[channel].extend(member for member, _ in popped)

    def create_pool(self, index: int) -> BlockingConnectionPool:
        """A blocking pool on the host's URL (channels-redis makes a refusing one)."""
        host = dict(self.hosts[index])
        return BlockingConnectionPool.from_url(host.pop("address"), **host)

    async def send_in_order(self, messages: Sequence[tuple[str, MessageMaker]]) -> int:
        """Send each (group, message) in the order given; how many copies found a queue full.

        One round trip reads every group's members, one queues every copy with rising scores,
        so each channel receives them in this order (sharded layers send one by one). A
        message is made only for a group with members: a bot's seat has no socket to tell.
        """
        if self.ring_size != 1:
            for group, make in messages:
                await self.group_send(group, make())
            return 0
        connection = self.connection(0)
        now = time.time()
        groups = list(dict.fromkeys(group for group, _ in messages))
        reading = connection.pipeline(transaction=False)
        for group in groups:
            # Members added (or renewed) within the group expiry; older ones are left out.
            reading.zrangebyscore(self._group_key(group), int(now) - self.group_expiry, "+inf")
        replies = await reading.execute()
        members = {
            group: [channel.decode() for channel in reply]
            for group, reply in zip(groups, replies, strict=True)
        }
        keys: list[str] = []
        args: list[Any] = []
        for group, make in messages:
            if not members[group]:
                continue
            _, copies, capacities = self._map_channel_keys_to_connection(members[group], make())
            for key, copy in copies.items():
                keys.append(key)
                args += [copy, capacities[key], repr(now + len(keys) * SCORE_STEP)]
        if not keys:
            return 0
        stale = int(now) - int(self.expiry)
        full = await connection.eval(SEND_IN_ORDER, len(keys), *keys, *args, self.expiry, stale)
        return int(full)


def channel_layers(url: str) -> dict[str, Any]:
    """The CHANNEL_LAYERS setting for one Redis server."""
    return {
        "default": {
            "BACKEND": "config.channel_layer.ReliableRedisChannelLayer",
            "CONFIG": {"hosts": [layer_host(url)], "capacity": CAPACITY},
        }
    }
