"""What must never vanish because other things were cached: PDF jobs' markers, locks, pointers.

Django's database cache culls its oldest keys in the order of their names once it holds MAX_ENTRIES, so a
marker saying a PDF is being rendered went as soon as enough pages were cached (docs/deploying.md, "Caching
and rate limits"). These live in a second cache, `state` (settings.CACHES), on a table of their own whose
live entries are never culled: they go when they expire, or when their code deletes them. Another backend
(Redis, say) is a change of settings.CACHES["state"], not of the code that uses `state`.
"""
from __future__ import annotations

from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
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
