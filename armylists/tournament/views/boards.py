"""What goes on the wall: a round's pairings and the standings, as pages (polled while a round runs), CSV and PDF."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..models import Round
from ..pages import current_round, standing_rows_html, tables_of
from ..printable import PAIRING_COLUMNS, STANDING_COLUMNS, csv_of, pairing_rows, pdf_of, standing_rows
from ..read import entrants, round_closed, standings_of
from .common import day_access, public_or_member


def _download(body, kind: str, name: str) -> HttpResponse:
    response = HttpResponse(body, content_type=kind)
    # Made of the event's slug and numbers only: nothing a player typed.
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_GET
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    found = public_or_member(request, slug)
    if isinstance(found, HttpResponse):
        return found  # to log in first
    event, access = found
    round_ = current_round(event)
    context = {"event": event, "access": access, "rows": standing_rows_html(standings_of(event)), "round": round_,
               "running": round_ is not None and not round_closed(round_)}
    if request.htmx and request.htmx.target == "standings":
        return render(request, "tournament/standings.html#board", context)
    return render(request, "tournament/standings.html", context)


@require_GET
def standings_file(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    found = public_or_member(request, slug)
    if isinstance(found, HttpResponse):
        return found  # to log in first
    event, access = found
    rows = standing_rows(standings_of(event))
    if kind == "csv":
        return _download(csv_of(STANDING_COLUMNS, rows), "text/csv; charset=utf-8", f"{event.slug}-standings.csv")
    return _download(pdf_of(event, "Standings", STANDING_COLUMNS, rows), "application/pdf",
                     f"{event.slug}-standings.pdf")


def _round(request: HttpRequest, slug: str, number: int):
    access = day_access(request.user, slug)
    round_ = Round.objects.filter(event=access.event, number=number).first()
    if round_ is None:
        raise Http404("No such round.")
    return access, round_


@require_GET
@login_required
def round_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access, round_ = _round(request, slug, number)
    return render(request, "tournament/round.html", {"event": access.event, "access": access, "round": round_,
                                                     "tables": tables_of(round_)})


@require_GET
@login_required
def round_file(request: HttpRequest, slug: str, number: int, kind: str) -> HttpResponse:
    access, round_ = _round(request, slug, number)
    factions = {p.pk: p.faction or "" for p in entrants(access.event)}
    rows = pairing_rows(round_, factions)
    name = f"{access.event.slug}-round-{round_.number}"
    if kind == "csv":
        return _download(csv_of(PAIRING_COLUMNS, rows), "text/csv; charset=utf-8", f"{name}.csv")
    return _download(pdf_of(access.event, f"Round {round_.number} pairings", PAIRING_COLUMNS, rows),
                     "application/pdf", f"{name}.pdf")
