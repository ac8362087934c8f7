"""Background tasks (django-tasks): run by `python manage.py db_worker`, at once in tests."""
from __future__ import annotations

from django_tasks import task

from .pack import run_pack


@task()
def build_judges_pack(pack_id: int) -> str:
    return run_pack(pack_id)
