"""Background tasks (django-tasks): a large season's wall sheet, rendered by the worker while a page waits for it
(at once in tests), as an event's standings are (armylists/tournament/tasks.py)."""
from __future__ import annotations

from django_tasks import task

from armylists.printing.rendered import render_queued

from .models import Season
from .printable import sheet_of
from .read import season_standings


@task()
def render_season_pdf(season_id: int) -> str:
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        return "gone"
    sheet = sheet_of(season, season_standings(season))
    return render_queued(sheet.key, sheet.render)
