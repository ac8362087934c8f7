"""What goes on the wall: a round's pairings and the standings, as pages (polled while a round runs), CSV and PDF."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django_htmx.http import reswap, retarget

from armylists.ops.ratelimit import cost_limited
from armylists.printing.rendered import reloaded_or_limited, serve_pdf

from .. import board
from ..models import Round
from ..pages import current_round, standing_rows, tables_of
from ..polling import current_version, poll_token, polled
from ..printable import WallSheet, csv_of, wall_sheet
from ..read import round_closed, standings_of
from ..tasks import render_wall_pdf
from .common import day_access, public_or_member, sees_factions


def _download(body, kind: str, name: str) -> HttpResponse:
    response = HttpResponse(body, content_type=kind)
    # Made of the event's slug and numbers only: nothing a player typed.
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@polled("standings")
@require_GET
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    found = public_or_member(request, slug)
    if isinstance(found, HttpResponse):
        return found  # to log in first
    event, access = found
    version = current_version(slug)  # before what the board shows, as on the day page
    round_ = current_round(event)
    factions = sees_factions(event, access)
    rows = standing_rows(standings_of(event), factions)
    context = {"event": event, "access": access, "poll_token": poll_token(request, slug, version),
               "shown": board.remember(event, version, factions, rows), "rows": rows, "factions": factions,
               "round": round_, "running": round_ is not None and not round_closed(round_)}
    if not (request.htmx and request.htmx.target == "standings"):
        return render(request, "tournament/standings.html", context)
    changed = board.changed_places(request, event, factions, rows)
    if changed is None:
        return render(request, "tournament/standings.html#board", context)
    # The rows that changed, each in place of its own, and the status line in place of the one that polled.
    context["changed"] = [board.out_of_band(rows[place]) for place in changed]
    answer = render(request, "tournament/standings.html#changes", context)
    return retarget(reswap(answer, "outerHTML"), "#standings-status")


# Up to this many lines a wall sheet is rendered within its request (a few tenths of a second); a longer one by
# the worker, while a page waits for it (a 300-player event's standings take seconds of CPU).
WALL_INLINE_ROWS = 40


def _wall_pdf(request: HttpRequest, sheet: WallSheet, kind: str, number: int | None = None) -> HttpResponse:
    """The sheet's PDF from the cache when it printed the same before; else rendered now if short, else by the
    worker with the waiting page."""
    what = "the standings" if kind == "standings" else f"the pairings of round {number}"
    return serve_pdf(request, sheet.key, f"{sheet.stem}.pdf", sheet.render, len(sheet.rows) <= WALL_INLINE_ROWS,
                     lambda: render_wall_pdf.enqueue(sheet.event.pk, kind, number, sheet.factions),
                     f"{what} of {sheet.event.name}", f"{len(sheet.rows)} lines")


@require_GET
@cost_limited
def standings_file(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    if kind == "pdf" and (answered := reloaded_or_limited(request, "wall-pdf")):
        return answered
    found = public_or_member(request, slug)
    if isinstance(found, HttpResponse):
        return found  # to log in first
    event, access = found
    sheet = wall_sheet(event, "standings", factions=sees_factions(event, access))
    if kind == "csv":
        return _download(csv_of(sheet.columns, sheet.rows), "text/csv; charset=utf-8", f"{sheet.stem}.csv")
    return _wall_pdf(request, sheet, "standings")


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
    if kind == "pdf" and (answered := reloaded_or_limited(request, "wall-pdf")):
        return answered
    access, round_ = _round(request, slug, number)
    sheet = wall_sheet(access.event, "round", round_.number, sees_factions(access.event, access))
    if kind == "csv":
        return _download(csv_of(sheet.columns, sheet.rows), "text/csv; charset=utf-8", f"{sheet.stem}.csv")
    return _wall_pdf(request, sheet, "round", round_.number)
