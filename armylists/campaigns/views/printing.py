"""Campaign PDFs for members: an army's sheet, every army's sheets, a blank sheet, the summary."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from armylists.ops.ratelimit import limit

from .. import printouts
from .common import army_or_404, loaded_or_error, member_campaign_or_404


def _pdf(request: HttpRequest, printout: printouts.Printout, name: str) -> HttpResponse:
    """The printout's PDF, from the cache when its content was printed before; rate limited, as
    every PDF a member may ask for again and again."""
    if refused := limit(request, "campaign-pdf"):
        return refused
    response = HttpResponse(printouts.cached_pdf(printout), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{slugify(name) or "sheet"}.pdf"'
    return response


@require_GET
@login_required
def army_sheet_pdf(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    loaded = loaded_or_error(member_campaign_or_404(request.user, slug))
    army = army_or_404(loaded, key)
    return _pdf(request, printouts.army_sheets(loaded, [army.key]), f"{army.name} sheet")


@require_GET
@login_required
def campaign_sheets_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    loaded = loaded_or_error(member_campaign_or_404(request.user, slug))
    return _pdf(request, printouts.army_sheets(loaded), f"{loaded.campaign.slug} sheets")


@require_GET
@login_required
def blank_sheet_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    loaded = loaded_or_error(member_campaign_or_404(request.user, slug))
    return _pdf(request, printouts.blank_sheet(loaded), "blank army sheet")


@require_GET
@login_required
def campaign_summary_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    loaded = loaded_or_error(member_campaign_or_404(request.user, slug))
    return _pdf(request, printouts.summary(loaded), f"{loaded.campaign.slug} summary")
