"""PDFs rendered once per content: kept in Django's cache by what they print; long ones by the worker.

A roster's key is made of the fingerprints the PDF already prints (the list's,
and the unit data's it was checked against), the player's name, the game and
the paper: a second request for the same content is served from the cache, so
printing one list again and again costs its check, not its rendering. The
cache is the database's (settings.CACHES), shared by every process and by the
worker, which renders the rosters too large to render within a request
(`serve_roster`); docs/deploying.md, "Caching and rate limits".
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from .pdf import roster_pdf
from .roster import Sheet

# Raise it when the roster's template changes what a PDF shows, so older renderings are not served.
LAYOUT = 1
# A queued rendering not done by then is queued again (its worker died or the task was lost).
PENDING_S = 120
# A rendering that failed is said to have failed for this long; asking after that queues it again.
FAILED_S = 60


def roster_key(sheet: Sheet, paper: str) -> str:
    content = [LAYOUT, sheet.list_fingerprint, sheet.data_fingerprint, sheet.player, sheet.game, paper]
    return "roster:" + hashlib.sha256(json.dumps(content).encode()).hexdigest()


def store(key: str, pdf: bytes) -> bytes:
    cache.set(key, pdf)
    cache.delete(key + ":pending")
    return pdf


def render_queued(key: str, render: Callable[[], bytes]) -> str:
    """The worker's rendering of a queued PDF, its start shown on the waiting page; after a failure
    the PDF is no longer pending, so asking again queues it again."""
    pending = key + ":pending"
    cache.set(pending, {**(cache.get(pending) or {"queued": timezone.now()}), "started": timezone.now()}, PENDING_S)
    try:
        store(key, render())
    except Exception:
        cache.set(key + ":failed", {"failed": timezone.now()}, FAILED_S)  # its waiting page says so
        cache.delete(pending)
        raise
    return "done"


def _queue_once(key: str, enqueue: Callable[[], object]) -> dict:
    """The PDF's rendering, queued unless it already is: asking again joins it."""
    pending, state = key + ":pending", {"queued": timezone.now(), "started": None}
    if cache.add(pending, state, PENDING_S):
        enqueue()
    return cache.get(pending) or state


def serve_pdf(key: str, filename: str, render: Callable[[], bytes], inline: bool, enqueue: Callable[[], object],
              waiting: Callable[[dict], HttpResponse]) -> HttpResponse:
    """The PDF kept under `key` from the cache; else rendered now if `inline` (small enough for a
    request), else queued for the worker (`enqueue`, whose task calls `render_queued`) and answered
    with `waiting(state)`, a page that reloads itself until the PDF is ready."""
    pdf = cache.get(key)
    if pdf is None and inline:
        pdf = store(key, render())
    if pdf is None:
        return waiting(cache.get(key + ":failed") or _queue_once(key, enqueue))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def render_roster_queued(sheet: Sheet, paper: str) -> str:
    return render_queued(roster_key(sheet, paper), lambda: roster_pdf(sheet, paper))


def serve_roster(request: HttpRequest, sheet: Sheet, paper: str, filename: str,
                 enqueue: Callable[[], object]) -> HttpResponse:
    """A roster: rendered now if small, else by the worker (settings.ROSTER_INLINE_ENTRIES)."""
    return serve_pdf(roster_key(sheet, paper), filename, lambda: roster_pdf(sheet, paper),
                     len(sheet.cards) <= settings.ROSTER_INLINE_ENTRIES, enqueue,
                     lambda state: waiting_page(request, f"the roster of “{sheet.list_name}”",
                                                f"{len(sheet.cards)} entries", state))


def waiting_page(request: HttpRequest, what: str, size: str, state: dict) -> HttpResponse:
    """The page shown while the worker renders a PDF: what it is, how big, since when; it reloads itself.
    If the rendering failed, it says so and when to ask again (503, with Retry-After)."""
    failed = "failed" in state
    response = render(request, "printing/preparing.html", {"what": what, "size": size, "state": state},
                      status=503 if failed else 202)
    if failed:
        response["Retry-After"] = str(FAILED_S)
    return response
