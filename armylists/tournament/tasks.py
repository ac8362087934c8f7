"""Background tasks (django-tasks): the wall sheets of a large event, rendered by `python manage.py db_worker`
while a page waits for them (at once in tests)."""
from __future__ import annotations

from django_tasks import task

from armylists.events.models import Event
from armylists.printing.rendered import render_queued

from .printable import wall_sheet


@task()
def render_wall_pdf(event_id: int, kind: str, number: int | None, factions: bool = True) -> str:
    """The standings ("standings") or a round's pairings ("round", `number`) as they are now, with or without
    the players' factions, into the cache where the waiting page finds them."""
    event = Event.objects.select_related("game").filter(pk=event_id).first()
    if event is None:
        return "gone"
    sheet = wall_sheet(event, kind, number, factions)
    if sheet is None:
        return "gone"
    return render_queued(sheet.key, sheet.render)
