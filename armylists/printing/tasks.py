"""Background tasks (django-tasks): rosters too long to render within a request."""
from __future__ import annotations

from django_tasks import task

from armylists.boundary.errors import BadInput
from armylists.builder.models import ArmyList

from .rendered import render_roster_queued
from .service import sheet_for


@task()
def render_list_roster(list_id: int, player: str | None, paper: str) -> str:
    """Renders the list as it is now into the cache, where the waiting page finds it."""
    army_list = ArmyList.objects.filter(pk=list_id).first()
    if army_list is None:
        return "gone"
    try:
        sheet = sheet_for(army_list.document, player)
    except BadInput:
        return "unprintable"  # the page asking for it says why when it reloads
    return render_roster_queued(sheet, paper)
