"""The rate and cost limits' counts, added to atomically, where nothing else stored can push them out.

Three operations are all the limits ask of the store (armylists/ops/ratelimit.py): `add` to one bucket's
slot, atomically however many processes add at once, `read` a bucket's slots between two, and `sweep`
the slots that no longer count. Two stores do it, chosen by settings.CACHES["state"]:

- the database (the default): a table of its own (ops.Tally), a slot's row made or added to in one
  upsert, which SQLite and PostgreSQL both run; rows past their time are deleted now and then;
- Redis (with REDIS_URL): a key per slot in the `state` cache (armylists/ops/state.py), made at 0 with its
  expiry if new (SET NX) and added to by INCRBY, both atomic in Redis; it expires by itself.
"""
from __future__ import annotations

from django.conf import settings
from django.db import connections, router

from .models import Tally
from .state import SharedRedisCache, state


def _in_redis() -> bool:
    return settings.CACHES.get("state", {}).get("BACKEND", "").endswith(f".{SharedRedisCache.__name__}")


def add(bucket: str, slot: int, amount: int, expires: int, now: float) -> None:
    """Adds `amount` (negative to take it back) to the bucket's slot, made at 0 if new; the slot counts
    until `expires` (a time of the same clock as `now`)."""
    if _in_redis():
        key = f"tally:{bucket}:{slot}"
        state.add(key, 0, max(1, expires - int(now)))
        state.incr(key, amount)
        return
    connection = connections[router.db_for_write(Tally)]
    table, quote = Tally._meta.db_table, connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(table)} (bucket, slot, amount, expires) VALUES (%s, %s, %s, %s) "
            f"ON CONFLICT (bucket, slot) DO UPDATE SET amount = {quote(table)}.amount + excluded.amount",
            [bucket, slot, amount, expires])


def read(bucket: str, since: int, until: int) -> dict[int, int]:
    """The bucket's amounts by slot, from slot `since` to slot `until`."""
    if _in_redis():
        found = state.get_many([f"tally:{bucket}:{slot}" for slot in range(since, until + 1)])
        return {int(key.rpartition(":")[2]): int(amount) for key, amount in found.items()}
    return dict(Tally.objects.filter(bucket=bucket, slot__gte=since, slot__lte=until).values_list("slot", "amount"))


def sweep(now: float) -> None:
    """Deletes the slots that no longer count for anything (Redis's expire by themselves)."""
    if not _in_redis():
        Tally.objects.filter(expires__lt=now).delete()


def forget() -> None:
    """Every count, gone: a bench's clients start afresh (tests/bench_logins.py)."""
    if _in_redis():
        state.delete_matching("tally:*")
    else:
        Tally.objects.all().delete()
