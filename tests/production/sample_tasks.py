"""A task for tests/production/test_procfile.py: the worker imports it by its dotted path."""
from django_tasks import task


@task()
def add(a: int, b: int) -> int:
    return a + b
