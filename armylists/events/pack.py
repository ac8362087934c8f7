"""The judges' pack: a cover listing every player, then each player's roster, in one PDF.

Each roster is the frozen submission's, printed with the time it was submitted
and the fingerprints it was frozen with. Built by a background task
(tasks.py), which records its progress on the `Pack` row as it goes.

One pack at a time per event: asking while one is queued or being built joins
it, and only the latest finished pack is kept. A pack whose worker shows no
sign of life for STALE (its worker died, or its task was lost) is marked
failed with the reason, and can be asked for again.
"""
from __future__ import annotations

import io
from datetime import timedelta

from django.core.files.base import ContentFile
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from pypdf import PdfWriter

from armylists.boundary.errors import BadInput
from armylists.printing.pdf import DEFAULT_PAPER, html_to_pdf, roster_pdf
from armylists.printing.roster import Printing, Sheet

from .frozen import thaw
from .models import Event, Pack, Submission
from .people import latest_submissions

COVER = "events/pack_cover.html"
# A running pack reports every roster (seconds each); a queued one waits behind other events' packs.
STALE = {Pack.Status.RUNNING: timedelta(minutes=5), Pack.Status.QUEUED: timedelta(hours=1)}
GAVE_UP = "the worker stopped while it was building the pack (or never started it); build it again"
# What thawing a frozen submission raises when today's rules can no longer read it.
UNREADABLE = (BadInput, ValueError)


def submission_printing(submission: Submission, event: Event) -> Printing:
    """The roster of a frozen submission: its own units and settings, its own time."""
    return Printing(thaw(submission, event.game), submission.player.display_name, submission.submitted,
                    event.game.name)


def submission_sheet(submission: Submission, event: Event) -> Sheet:
    return submission_printing(submission, event).sheet()


def _progress(pack: Pack, **fields) -> None:
    Pack.objects.filter(pk=pack.pk).update(alive=timezone.now(), **fields)


def latest_pack(event: Event) -> Pack | None:
    """The event's latest pack, marked failed first if its worker has gone silent."""
    pack = Pack.objects.filter(event=event).first()
    if pack is not None and pack.pending and (pack.alive or pack.requested) < timezone.now() - STALE[pack.status]:
        Pack.objects.filter(pk=pack.pk, status=pack.status).update(
            status=Pack.Status.FAILED, problem=GAVE_UP, finished=timezone.now())
        pack.refresh_from_db(fields=["status", "problem", "finished"])
    return pack


def request_pack(event: Event, user) -> tuple[Pack, bool]:
    """The pack being made for the event, or a new one queued; True if it is new (the caller queues
    its task once this transaction has committed)."""
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()  # one asker at a time per event
        pending = latest_pack(event)
        if pending is not None and pending.pending:
            return pending, False
        return Pack.objects.create(event=event, requested_by=user), True


def build_pack(pack: Pack, paper: str = DEFAULT_PAPER) -> bytes:
    """Render the pack, reporting each roster done; times are printed in the event's time zone.

    Each roster is rendered to its own PDF and appended at once, so memory stays
    that of one roster whatever the number of players; the PDF's outline has a
    bookmark per player.
    """
    event = pack.event
    rows = latest_submissions(event, frozen_data=True)
    submitted = [s for _, s in rows if s is not None]
    _progress(pack, status=Pack.Status.RUNNING, total=len(submitted), done=0)
    writer = PdfWriter()
    with timezone.override(event.zone):
        cover = render_to_string(COVER, {"event": event, "rows": rows, "made": timezone.now()})
        writer.append(io.BytesIO(html_to_pdf(cover)), outline_item="Players")
        for done, submission in enumerate(submitted, start=1):
            try:
                roster = roster_pdf(submission_sheet(submission, event), paper)
            except UNREADABLE as error:
                raise RuntimeError(f"the roster of {submission.player.display_name} cannot be printed: {error}") \
                    from None
            writer.append(io.BytesIO(roster), outline_item=submission.player.display_name)
            _progress(pack, done=done)
    # Every roster embeds the same fonts; keep one copy of each.
    writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def run_pack(pack_id: int) -> str:
    """Build a pack and store it; a failure is recorded on the pack, never lost in a worker's log."""
    pack = Pack.objects.select_related("event__game").get(pk=pack_id)
    try:
        pdf = build_pack(pack)
    except Exception as error:  # noqa: BLE001 - whatever broke, the organiser must see that it did
        _progress(pack, status=Pack.Status.FAILED, problem=f"{type(error).__name__}: {error}",
                  finished=timezone.now())
        raise
    name = pack.pdf.storage.save(pack.pdf.field.generate_filename(pack, f"{pack.pk}.pdf"), ContentFile(pdf))
    _progress(pack, status=Pack.Status.DONE, pdf=name, finished=timezone.now())
    # Only the latest pack is kept: the older ones' PDFs are out of date anyway (their files go too: models.py).
    Pack.objects.filter(event=pack.event, requested__lte=pack.requested).exclude(pk=pack.pk).delete()
    return Pack.Status.DONE
