"""Tasks for tests/production/test_procfile.py: the workers import them by their dotted paths."""
from django.conf import settings
from django_tasks import task


@task()
def add(a: int, b: int) -> int:
    return a + b


@task(queue_name=settings.ROSTER_QUEUE)
def add_on_the_roster_queue(a: int, b: int) -> int:
    return a + b
