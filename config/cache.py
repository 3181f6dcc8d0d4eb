"""The shared cache: Django's Redis cache, made safe to clear on a Redis that holds more."""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache


class RedisCache(DjangoRedisCache):
    """clear() deletes this site's keys only: Django's flushes the whole Redis database, which
    also holds Celery's queues and the channel layer's groups."""

    def clear(self) -> None:
        """Delete every key under this cache's prefix (keys are "prefix:version:key")."""
        client = self._cache.get_client(write=True)
        with client.pipeline(transaction=False) as pipeline:
            for key in client.scan_iter(match=f"{self.key_prefix}:*", count=1000):
                pipeline.unlink(key)
            pipeline.execute()
