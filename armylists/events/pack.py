"""The judges' pack: a cover listing every player, then each player's roster, in one PDF.

Each roster is the frozen submission's, printed with the time it was submitted
and the fingerprints it was frozen with. Built by a background task
(tasks.py), which records its progress on the `Pack` row as it goes.
"""
from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone
from weasyprint import HTML

from armylists.printing.pdf import BASE_URL, DEFAULT_PAPER, StaticOnlyFetcher, render_html
from armylists.printing.sheets import Sheet, build_sheet

from .frozen import thaw
from .models import Event, Pack, Submission
from .people import latest_submissions

COVER = "events/pack_cover.html"


def submission_sheet(submission: Submission, event: Event) -> Sheet:
    """The roster of a frozen submission: its own units and settings, its own time."""
    return build_sheet(thaw(submission, event.game), player=submission.player.display_name,
                       checked_at=submission.submitted, game_name=event.game.name)


def _document(html: str):
    return HTML(string=html, base_url=BASE_URL, url_fetcher=StaticOnlyFetcher()).render()


def _progress(pack: Pack, **fields) -> None:
    Pack.objects.filter(pk=pack.pk).update(**fields)


def build_pack(pack: Pack, paper: str = DEFAULT_PAPER) -> bytes:
    """Render the pack, reporting each roster done; times are printed in the event's time zone."""
    event = pack.event
    rows = latest_submissions(event, frozen_data=True)
    submitted = [s for _, s in rows if s is not None]
    _progress(pack, status=Pack.Status.RUNNING, total=len(submitted), done=0)
    with timezone.override(event.zone):
        cover = render_to_string(COVER, {"event": event, "rows": rows, "made": timezone.now()})
        documents = [_document(cover)]
        for done, submission in enumerate(submitted, start=1):
            documents.append(_document(render_html(submission_sheet(submission, event), paper)))
            _progress(pack, done=done)
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf()


def run_pack(pack_id: int) -> str:
    """Build a pack and store it; a failure is recorded on the pack, never lost in a worker's log."""
    pack = Pack.objects.select_related("event__game").get(pk=pack_id)
    try:
        pdf = build_pack(pack)
    except Exception as error:  # noqa: BLE001 - whatever broke, the organiser must see that it did
        _progress(pack, status=Pack.Status.FAILED, problem=f"{type(error).__name__}: {error}",
                  finished=timezone.now())
        raise
    _progress(pack, status=Pack.Status.DONE, pdf=pdf, finished=timezone.now())
    return Pack.Status.DONE
