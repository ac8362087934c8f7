"""Background tasks (django-tasks): campaign PDFs that grow with the campaign, run by `python manage.py
db_worker`, at once in tests."""
from __future__ import annotations

from django_tasks import task

from armylists.printing.rendered import render_queued

from . import printouts
from .models import Campaign
from .snapshots import BrokenLog, load_state


@task()
def render_campaign_pdf(campaign_id: int, kind: str, army: str | None) -> str:
    """The campaign's printout as it is now, into the cache where its waiting page finds it."""
    campaign = Campaign.objects.select_related("game", "game_master").filter(pk=campaign_id).first()
    if campaign is None:
        return "gone"
    try:
        printout = printouts.printout_of(load_state(campaign), kind, army)
    except BrokenLog:
        return "unprintable"  # the page asking for it says why when it reloads
    return render_queued(printouts.pdf_key(printout), lambda: printouts.render_pdf(printout))
