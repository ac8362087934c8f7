"""Background tasks (django-tasks): rosters, rendered by the worker rather than within a request."""
from __future__ import annotations

from django.conf import settings
from django_tasks import task

from armylists.boundary.errors import BadInput
from armylists.builder.models import ArmyList

from .rendered import render_roster_queued
from .service import printing_of


@task(queue_name=settings.ROSTER_QUEUE)
def render_list_roster(list_id: int, player: str | None, paper: str, compact: bool = False) -> str:
    """Renders the list as it is now into the cache, where the waiting page finds it."""
    army_list = ArmyList.objects.filter(pk=list_id).first()
    if army_list is None:
        return "gone"
    try:
        printing = printing_of(army_list.document, player)
    except BadInput:
        return "unprintable"  # the page asking for it says why when it reloads
    return render_roster_queued(printing, paper, compact)
