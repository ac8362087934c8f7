"""Background tasks (django-tasks): reading a large season's events' standings, and rendering its wall sheet, by
the worker while a page waits (at once in tests), as an event's wall sheets are (armylists/tournament/tasks.py)."""
from __future__ import annotations

from django_tasks import task

from armylists.printing.rendered import render_queued

from .models import Season
from .printable import sheet_of
from .read import season_standings


@task()
def read_season(season_id: int) -> str:
    """A season's events' standings and its ranking, read into the cache while its page waits (views.py)."""
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        return "gone"
    return f"{len(season_standings(season).lines)} players"


@task()
def render_season_pdf(season_id: int) -> str:
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        return "gone"
    sheet = sheet_of(season, season_standings(season))
    return render_queued(sheet.key, sheet.render)
