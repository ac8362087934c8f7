"""What must never vanish because other things were cached: PDF jobs' markers, locks, pointers.

Django's database cache culls its oldest keys in the order of their names once it holds MAX_ENTRIES, so a
marker saying a PDF is being rendered went as soon as enough pages were cached (docs/deploying.md, "Caching
and rate limits"). These live in a second cache, `state` (settings.CACHES), on a table of their own whose
live entries are never culled: they go when they expire, or when their code deletes them. With REDIS_URL
set, both caches are one Redis database's, each under its own key prefix (`SharedRedisCache`), and that
Redis must never evict a key (docs/deploying.md, "Scaling past one machine"); the code that uses `state`
is the same.
"""
from __future__ import annotations

from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.core.cache.backends.redis import RedisCache
from django.db import connections
from django.utils.connection import ConnectionProxy

# Used as Django's `cache` is: state.get, state.add, state.set, state.delete.
state = ConnectionProxy(caches, "state")


class KeptDatabaseCache(DatabaseCache):
    """Django's database cache, but past MAX_ENTRIES it deletes only the expired entries, never a live one."""

    def _cull(self, db, cursor, now, num) -> None:
        connection = connections[db]
        table, expires = connection.ops.quote_name(self._table), connection.ops.quote_name("expires")
        cursor.execute(f"DELETE FROM {table} WHERE {expires} < %s", [connection.ops.adapt_datetimefield_value(now)])


class SharedRedisCache(RedisCache):
    """Django's Redis cache, in a Redis database it shares with the other cache under another KEY_PREFIX:
    emptying it deletes its own keys, never the other's (Django's would empty the whole database)."""

    def clear(self) -> bool:
        return self.delete_matching("*")

    def delete_matching(self, pattern: str) -> bool:
        """Deletes this cache's keys that match `pattern` (Redis's glob, as `make_key` makes a key)."""
        client = self._cache.get_client(write=True)
        keys = list(client.scan_iter(match=self.make_key(pattern), count=1000))
        for start in range(0, len(keys), 1000):
            client.delete(*keys[start:start + 1000])
        return True
