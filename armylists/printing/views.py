"""Roster downloads: the owner's list, a shared list, and an HTML preview for debugging.

Every roster is checked at the moment it is printed, so the verdict and the
fingerprints on paper match the list and unit data as they were then.
"""
from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.text import slugify

from armylists.boundary.errors import BadInput
from armylists.builder.models import ArmyList
from armylists.builder.permissions import get_owned_list_or_404, get_shared_list_or_404
from armylists.ops.ratelimit import cost_limited, signed_in
from armylists.web.public import etag_of, kept_by_anyone, unchanged

from .pdf import compact_of, paper_of, render_html
from .rendered import (
    download,
    printed_before,
    printed_key,
    reloaded_or_limited,
    remember_printing,
    serve_roster,
)
from .service import printing_of
from .tasks import render_list_roster


def _unprintable(error: BadInput) -> HttpResponse:
    # Plain text: the message may quote what the user typed.
    return HttpResponse(f"This list cannot be printed: {error.on_page}", status=409,
                        content_type="text/plain; charset=utf-8")


def _pdf_response(army_list: ArmyList, request: HttpRequest, *, player: str | None, priority: int) -> HttpResponse:
    """Rate limited per user and address (but for the waiting page's reloads); served from the cache
    when printed before (rendered.py), without checking the list again when neither it nor its unit data
    changed since. An anonymous reader's copy of the same roster is answered 304 (armylists/web/public.py).
    A roster rendered by the worker is queued with `priority` (settings.TASK_PRIORITIES)."""
    if answered := reloaded_or_limited(request, "roster-pdf"):
        return answered
    paper, compact = paper_of(request.GET.get("paper")), compact_of(request.GET.get("compact"))
    filename = f"{slugify(army_list.name) or 'roster'}{'-table-card' if compact else ''}-{paper}.pdf"
    printed = printed_key(army_list.document, army_list.game.data_version, player, paper, compact)
    etag = etag_of(printed)
    if answer := unchanged(request, etag):
        return answer
    if (pdf := printed_before(printed)) is not None:
        return kept_by_anyone(request, download(pdf, filename), etag)
    try:
        printing = printing_of(army_list.document, player)
    except BadInput as error:
        return _unprintable(error)
    remember_printing(printed, printing, paper, compact)
    return serve_roster(request, printing, paper, filename, render_list_roster, army_list.pk, player, paper, compact,
                        compact=compact)
    etag = etag_of(printed)
    if answer := unchanged(request, etag):
        return answer


@login_required
def list_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    return _pdf_response(army_list, request, player=request.user.get_username(),
                         priority=settings.TASK_PRIORITIES["player"])


@cost_limited
def shared_pdf(request: HttpRequest, token: str) -> HttpResponse:
    army_list = get_shared_list_or_404(token)
    player = army_list.owner.get_username() if army_list.share_shows_owner else None
    reader = "signed-in" if signed_in(request) else "reader"
    return _pdf_response(army_list, request, player=player, priority=settings.TASK_PRIORITIES[reader])


@login_required
def list_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The roster's HTML in the browser: the same template and sheet as the PDF."""
    army_list = get_owned_list_or_404(request.user, pk)
    try:
        sheet = printing_of(army_list.document, request.user.get_username()).sheet()
    except BadInput as error:
        return _unprintable(error)
    return HttpResponse(render_html(sheet, paper_of(request.GET.get("paper")), preview=True,
                                    compact=compact_of(request.GET.get("compact"))))
