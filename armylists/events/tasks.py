"""Background tasks (django-tasks): run by `python manage.py db_worker`, at once in tests."""
from __future__ import annotations

from django.conf import settings
from django_tasks import task

from armylists.printing.rendered import render_roster_queued

from .models import Submission
from .pack import UNREADABLE, run_pack, submission_printing


@task(priority=settings.TASK_PRIORITIES["bulk"])  # after every roster a player waits for (settings.py)
def build_judges_pack(pack_id: int) -> str:
    return run_pack(pack_id)


@task(queue_name=settings.ROSTER_QUEUE)
def render_submission_roster(submission_id: int, paper: str) -> str:
    """A frozen submission's roster, into the cache where its waiting page finds it."""
    submission = Submission.objects.select_related("player__event__game").filter(pk=submission_id).first()
    if submission is None:
        return "gone"
    try:
        printing = submission_printing(submission, submission.player.event)
    except UNREADABLE:
        return "unprintable"
    return render_roster_queued(printing, paper)
