"""The rate and cost limits' counts, kept in a table of their own (ops.Tally), added to atomically.

Two operations are all the limits ask of the store (armylists/ops/ratelimit.py): `add` to one bucket's
slot, in one statement the database makes atomic however many processes add at once (an upsert, which
SQLite and PostgreSQL both run), and `read` a bucket's slots since one. A store with an atomic increment
of its own (Redis's INCRBY) can stand in for these two functions. Rows whose slot no longer counts are
deleted now and then (`sweep`), so the table holds only the last period's slots.
"""
from __future__ import annotations

from django.db import connections, router

from .models import Tally


def add(bucket: str, slot: int, amount: int, expires: int) -> None:
    """Adds `amount` (negative to take it back) to the bucket's slot, made at 0 if new."""
    connection = connections[router.db_for_write(Tally)]
    table, quote = Tally._meta.db_table, connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(table)} (bucket, slot, amount, expires) VALUES (%s, %s, %s, %s) "
            f"ON CONFLICT (bucket, slot) DO UPDATE SET amount = {quote(table)}.amount + excluded.amount",
            [bucket, slot, amount, expires])


def read(bucket: str, since: int) -> dict[int, int]:
    """The bucket's amounts by slot, from slot `since` on."""
    return dict(Tally.objects.filter(bucket=bucket, slot__gte=since).values_list("slot", "amount"))


def sweep(now: float) -> None:
    """Deletes the slots that no longer count for anything."""
    Tally.objects.filter(expires__lt=now).delete()


def forget() -> None:
    """Every count, gone: a bench's clients start afresh (tests/bench_logins.py)."""
    Tally.objects.all().delete()
