"""Rosters rendered once per content: kept in Django's cache by what the PDF prints.

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


def roster_key(sheet: Sheet, paper: str) -> str:
    content = [LAYOUT, sheet.list_fingerprint, sheet.data_fingerprint, sheet.player, sheet.game, paper]
    return "roster:" + hashlib.sha256(json.dumps(content).encode()).hexdigest()


def render_and_store(sheet: Sheet, paper: str) -> bytes:
    pdf = roster_pdf(sheet, paper)
    key = roster_key(sheet, paper)
    cache.set(key, pdf)
    cache.delete(key + ":pending")
    return pdf


def render_queued(sheet: Sheet, paper: str) -> str:
    """The worker's rendering of a queued roster, its start shown on the waiting page; after a
    failure the roster is no longer pending, so asking again queues it again."""
    key = roster_key(sheet, paper) + ":pending"
    cache.set(key, {**(cache.get(key) or {"queued": timezone.now()}), "started": timezone.now()}, PENDING_S)
    try:
        render_and_store(sheet, paper)
    except Exception:
        cache.delete(key)
        raise
    return "done"


def _queue_once(sheet: Sheet, paper: str, enqueue: Callable[[], object]) -> dict:
    """The roster's rendering, queued unless it already is: asking again joins it."""
    key, state = roster_key(sheet, paper) + ":pending", {"queued": timezone.now(), "started": None}
    if cache.add(key, state, PENDING_S):
        enqueue()
    return cache.get(key) or state


def serve_roster(request: HttpRequest, sheet: Sheet, paper: str, filename: str,
                 enqueue: Callable[[], object]) -> HttpResponse:
    """The PDF from the cache; else rendered now if small, else queued for the worker with a page
    that reloads itself until the PDF is ready (settings.ROSTER_INLINE_ENTRIES)."""
    pdf = cache.get(roster_key(sheet, paper))
    if pdf is None and len(sheet.cards) <= settings.ROSTER_INLINE_ENTRIES:
        pdf = render_and_store(sheet, paper)
    if pdf is not None:
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
    state = _queue_once(sheet, paper, enqueue)
    return render(request, "printing/preparing.html",
                  {"sheet": sheet, "entries": len(sheet.cards), "state": state}, status=202)
