"""The organisers' dashboard: the table, re-checking everything, the CSV and the judges' pack."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from armylists.ops.ratelimit import limit

from ..dashboard import SHOW_LABELS, SORT_LABELS, csv_text, table
from ..models import Pack
from ..pack import latest_pack, request_pack
from ..permissions import event_access
from ..recheck import recheck_event
from ..tasks import build_judges_pack

PAGE = "events/dashboard.html"


def _organiser_access(request: HttpRequest, slug: str):
    access = event_access(request.user, slug)
    access.require_organiser()
    return access


def _table(request: HttpRequest, event):
    return table(event, sort=request.GET.get("sort", ""), show=request.GET.get("show", ""),
                 faction=request.GET.get("faction", ""))


@require_GET
@login_required
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    access = _organiser_access(request, slug)
    context = {"event": access.event, "access": access, "table": _table(request, access.event),
               "pack": latest_pack(access.event), "sorts": SORT_LABELS, "shows": SHOW_LABELS}
    template = PAGE + "#table" if request.htmx and request.htmx.target == "dashboard-table" else PAGE
    return render(request, template, context)


@require_GET
@login_required
def recheck(request: HttpRequest, slug: str) -> HttpResponse:
    """Every latest submission against today's data: computed and shown, never written."""
    access = _organiser_access(request, slug)
    results = recheck_event(access.event)
    context = {"event": access.event, "results": results, "changed": [r for r in results if r.verdict_changed],
               "different": [r for r in results if r.changed]}
    if request.htmx:
        return render(request, "events/_recheck.html", context)
    return render(request, "events/recheck.html", context)


@require_GET
@login_required
def export_csv(request: HttpRequest, slug: str) -> HttpResponse:
    access = _organiser_access(request, slug)
    rows = _table(request, access.event).rows
    response = HttpResponse(csv_text(access.event, rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{access.event.slug}-submissions.csv"'
    return response


@require_POST
@login_required
def pack_start(request: HttpRequest, slug: str) -> HttpResponse:
    """Queue a new pack, or join the one already queued or being built. The row is saved (and
    committed) before the task is queued, so a worker finds it."""
    access = _organiser_access(request, slug)
    refused = limit(request, "judges-pack")
    if refused:
        return refused
    pack, new = request_pack(access.event, request.user)
    if new:
        build_judges_pack.enqueue(pack.pk)
    if request.htmx:
        return _pack_panel(request, access.event)
    return redirect("events:dashboard", slug)


def _pack_panel(request: HttpRequest, event) -> HttpResponse:
    return render(request, "events/_pack.html", {"event": event, "pack": latest_pack(event)})


@require_GET
@login_required
def pack_status(request: HttpRequest, slug: str) -> HttpResponse:
    """The pack panel; htmx polls it while the pack is being built."""
    return _pack_panel(request, _organiser_access(request, slug).event)


@require_GET
@login_required
def pack_download(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = _organiser_access(request, slug)
    pack = Pack.objects.filter(pk=pk, event=access.event, status=Pack.Status.DONE).first()
    if pack is None or not pack.pdf:
        raise Http404("No such pack.")
    try:
        with pack.pdf.open("rb") as file:
            pdf = file.read()
    except FileNotFoundError:  # its storage lost it: build it again
        raise Http404("No such pack.") from None
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{access.event.slug}-judges-pack.pdf"'
    return response
