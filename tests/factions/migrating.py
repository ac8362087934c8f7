"""Moving the test database between migrations, for the tests that a data migration keeps every value both ways."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrated(to: tuple[str, str]):
    """The database migrated to `to`; the models as they were then."""
    executor = MigrationExecutor(connection)
    executor.migrate([to])
    return executor.loader.project_state([to]).apps


@contextmanager
def migrating() -> Iterator[None]:
    """Whatever the test inside does to the database's migrations, it is left migrated to the latest after."""
    try:
        yield
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
