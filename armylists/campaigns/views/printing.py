"""Campaign PDFs for members: an army's sheet, every army's sheets, a blank sheet, the summary."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from armylists.printing.rendered import reloaded_or_limited, serve_pdf

from .. import printouts
from ..snapshots import Loaded
from ..tasks import render_campaign_pdf
from .common import army_or_404, loaded_or_error, member_campaign_or_404


def _pdf(request: HttpRequest, loaded: Loaded, kind: str, name: str, army: str | None = None) -> HttpResponse:
    """The printout's PDF, from the cache when its content was printed before, else rendered now
    (one sheet) or by the worker with a page that waits for it; rate limited, as every PDF a member
    may ask for again and again."""
    if answered := reloaded_or_limited(request, "campaign-pdf"):
        return answered
    printout = printouts.printout_of(loaded, kind, army)
    return serve_pdf(request, printouts.pdf_key(printout), f"{slugify(name) or 'sheet'}.pdf",
                     lambda: printouts.render_pdf(printout), kind in printouts.INLINE,
                     lambda: render_campaign_pdf.enqueue(loaded.campaign.pk, kind, army),
                     printout.title, printout.size)


@require_GET
@login_required
def army_sheet_pdf(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    loaded = loaded_or_error(member_campaign_or_404(request.user, slug))
    army = army_or_404(loaded, key)
    return _pdf(request, loaded, "army", f"{army.name} sheet", army.key)


@require_GET
@login_required
def campaign_sheets_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    loaded = loaded_or_error(member_campaign_or_404(request.user, slug))
    return _pdf(request, loaded, "sheets", f"{loaded.campaign.slug} sheets")


@require_GET
@login_required
def blank_sheet_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    loaded = loaded_or_error(member_campaign_or_404(request.user, slug))
    return _pdf(request, loaded, "blank", "blank army sheet")


@require_GET
@login_required
def campaign_summary_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    loaded = loaded_or_error(member_campaign_or_404(request.user, slug))
    return _pdf(request, loaded, "summary", f"{loaded.campaign.slug} summary")
