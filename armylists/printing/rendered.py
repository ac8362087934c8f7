"""PDFs rendered once per content: kept as files named by what they print; long ones by the worker.

A roster's key is made of the fingerprints the PDF already prints (the list's,
and the unit data's it was checked against), the player's name, the game and
the paper: a second request for the same content is served from the file kept
(armylists.printing.files, Django's storage `pdfs`), so printing one list again
and again costs its check, not its sheet or its rendering. The storage is shared
by every process and by the worker. Where a worker runs, it renders every roster, so a
web process only ever checks a list and looks it up
(settings.ROSTER_INLINE_ENTRIES; docs/deploying.md, "Caching and rate limits").

The jobs' markers, and which roster a list prints, are kept apart in `markers`,
where nothing else cached can push them out (armylists.ops.state).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import threading
from collections.abc import Callable, Iterator
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.db import connections
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django_tasks import task_backends
from django_tasks.base import Task, TaskResult
from django_tasks.exceptions import InvalidTaskBackendError, TaskResultDoesNotExist

from armylists.checking.library import fingerprint
from armylists.ops.ratelimit import limit
from armylists.ops.state import state as markers  # jobs' markers, pointers: never culled (state.py)

from . import files
from .pdf import roster_pdf
from .roster import Printing

# Raise it when the roster's template changes what a PDF shows, so older renderings are not served.
LAYOUT = 3
# A rendering is taken for lost (its worker died mid-way) once its worker has given no sign of life for
# this long: asking again queues it anew. The worker gives one every BEAT_S while it renders, however long
# the rendering. A queued job is never lost: however long the queue, a second job for the same PDF would
# only lengthen it.
LOST_S = 30
BEAT_S = 10
# A rendering that failed is said to have failed for this long; asking after that queues it again.
FAILED_S = 60
# For this long after it was queued, the waiting page reloads every second.
QUICK_RELOADS_S = 10
# Rosters of up to this many entries go to the `printer` (a second or so each); longer ones to the
# `worker`, so that a player's short roster never waits behind somebody's thousand entries.
QUICK_ROSTER_ENTRIES = 60
# The waiting page's reloads carry the PDF's key, signed, in this query parameter (`reloaded`).
WAITING = "waiting"
WAITING_SALT = "muster.printing.waiting"
WAITING_MAX_AGE_S = 3600


def printed_key(document: dict, data_version, player: str | None, paper: str, compact: bool = False) -> str:
    """Where the roster this list document prints, against this version of its unit data, is remembered."""
    content = [LAYOUT, fingerprint(document), str(data_version), player, paper, compact]
    return "printed:" + hashlib.sha256(json.dumps(content).encode()).hexdigest()


def remember_printing(printed: str, printing: Printing, paper: str, compact: bool = False) -> None:
    """Which roster the document under `printed` (`printed_key`) prints: asked again, it is found kept
    without checking the list again (`printed_before`), a shared list's above all."""
    markers.set(printed, roster_key(printing, paper, compact))


def printed_before(printed: str) -> bytes | None:
    """The roster PDF remembered under `printed` (`printed_key`), if it is still kept."""
    key = markers.get(printed)
    return files.kept(key) if key else None


def roster_key(printing: Printing, paper: str, compact: bool = False) -> str:
    content = [LAYOUT, *printing.fingerprints, printing.player, printing.game_name, paper, compact]
    return "roster:" + hashlib.sha256(json.dumps(content).encode()).hexdigest()


def store(key: str, pdf: bytes) -> bytes:
    files.keep(key, pdf)
    markers.delete(key + ":pending")
    return pdf


def render_queued(key: str, render: Callable[[], bytes]) -> str:
    """The worker's rendering of a queued PDF, its start shown on the waiting page; after a failure
    the PDF is no longer pending, so asking again queues it again. A PDF already kept is
    never rendered again (a job queued for it before it was rendered finds it there)."""
    pending = key + ":pending"
    if files.is_kept(key):
        markers.delete(pending)
        return "cached"
    markers.set(pending, {**(markers.get(pending) or {"queued": timezone.now()}), "started": timezone.now()})
    try:
        with _beating(pending):
            pdf = render()
        store(key, pdf)
    except Exception:
        markers.set(key + ":failed", {"failed": timezone.now()}, FAILED_S)  # its waiting page says so
        markers.delete(pending)
        raise
    return "done"


@contextlib.contextmanager
def _beating(pending: str) -> Iterator[None]:
    """While the worker renders: every BEAT_S, the time in the job's marker (`beat`), from a thread of its own
    (the rendering holds the main one), so that `_pending` tells a long rendering from a dead worker's."""
    done = threading.Event()

    def beat() -> None:
        try:
            while not done.wait(BEAT_S):
                try:
                    if (state := markers.get(pending)) is not None:
                        markers.set(pending, {**state, "beat": timezone.now()})
                except Exception:  # noqa: BLE001 - a beat missed; the next may be given
                    logging.getLogger(__name__).warning("the rendering's heartbeat failed", exc_info=True)
        finally:
            connections.close_all()  # this thread's own

    beating = threading.Thread(target=beat, name=f"heartbeat {pending}", daemon=True)
    beating.start()
    try:
        yield
    finally:
        done.set()
        beating.join(BEAT_S)


def _queue_once(key: str, enqueue: Callable[[], object]) -> dict:
    """The PDF's rendering, queued unless a job for it is still queued or running: asking again joins it,
    however long the queue (docs/deploying.md, "Background tasks")."""
    pending = key + ":pending"
    state = _pending(key)
    if state is not None:
        return state
    markers.delete(pending)  # a job that is over without the PDF, or lost
    state = {"queued": timezone.now(), "started": None}
    if markers.add(pending, state):
        job = enqueue()
        if isinstance(job, TaskResult) and job.is_finished:  # run at once (development, the suite): over
            markers.delete(pending)
        elif isinstance(job, TaskResult):
            markers.set(pending, state := {**state, "job": [job.backend, job.id]})
    return markers.get(pending) or state


def _pending(key: str) -> dict | None:
    """What the waiting page shows of the PDF's job while it may still render it; None once it cannot."""
    state = markers.get(key + ":pending")
    if state is None or "job" not in state:
        return state
    backend, job_id = state["job"]
    try:
        job = task_backends[backend].get_result(job_id)
    except (TaskResultDoesNotExist, InvalidTaskBackendError):
        return None
    running_since = job.started_at or job.last_attempted_at
    if job.is_finished:
        return None
    if running_since:  # a sign of life: its start, the rendering's start, its heartbeat (`_beating`)
        alive = max(moment for moment in (running_since, state.get("started"), state.get("beat")) if moment)
        if timezone.now() - alive > timedelta(seconds=LOST_S):
            return None
    return state


def serve_pdf(request: HttpRequest, key: str, filename: str, render: Callable[[], bytes], inline: bool,
              enqueue: Callable[[], object], what: str, size: str) -> HttpResponse:
    """The PDF kept under `key`; else rendered now if `inline` (small enough for a
    request), else queued for the worker (`enqueue`, whose task calls `render_queued`) and answered
    with a page that reloads itself until the PDF is ready (`reloaded`)."""
    pdf = files.kept(key)
    if pdf is None and inline:
        pdf = store(key, render())
    if pdf is None:
        waiting = {"key": key, "file": filename, "what": what, "size": size, "path": request.path}
        return waiting_page(request, waiting, markers.get(key + ":failed") or _queue_once(key, enqueue))
    return download(pdf, filename)


def reloaded(request: HttpRequest) -> HttpResponse | None:
    """The waiting page's reload: the PDF it waits for, found by the key its URL carries (signed, and
    only for the page it was given on), without checking the list again or counting against the rate
    limit. None for any other request, and when the rendering is no longer known (asked anew then)."""
    try:
        waiting = signing.loads(request.GET.get(WAITING, ""), salt=WAITING_SALT, max_age=WAITING_MAX_AGE_S)
    except signing.BadSignature:
        return None
    if not isinstance(waiting, dict) or waiting.get("path") != request.path:
        return None
    pdf = files.kept(waiting["key"])
    if pdf is not None:
        return download(pdf, waiting["file"])
    state = markers.get(waiting["key"] + ":failed") or _pending(waiting["key"])
    return waiting_page(request, waiting, state) if state else None


def reloaded_or_limited(request: HttpRequest, limit_key: str) -> HttpResponse | None:
    """What every PDF view answers first: the waiting page's reload (`reloaded`), or the 429 page past
    the rate limit `limit_key` (settings.RATE_LIMITS); None to go on and serve the PDF."""
    return reloaded(request) or limit(request, limit_key)


def download(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _roster_pdf(printing: Printing, paper: str, compact: bool) -> bytes:
    """The roster's PDF, or its table card's; a full roster is rendered by the call it always was."""
    return roster_pdf(printing.sheet(), paper, compact=True) if compact else roster_pdf(printing.sheet(), paper)


def for_the_printer(entries: int, priority: int) -> bool:
    """The `printer` renders at the players' own priority (docs/deploying.md, "What runs"): only the short
    rosters of people signed in, so an anonymous crowd's rosters wait for the cores the site leaves free."""
    return entries <= QUICK_ROSTER_ENTRIES and priority >= settings.TASK_PRIORITIES["signed-in"]


def render_roster_queued(printing: Printing, paper: str, compact: bool = False) -> str:
    return render_queued(roster_key(printing, paper, compact), lambda: _roster_pdf(printing, paper, compact))


def serve_roster(request: HttpRequest, printing: Printing, paper: str, filename: str, task: Task,
                 *arguments, compact: bool = False, priority: int = 0) -> HttpResponse:
    """A roster (or its table card, `compact`): rendered now if small enough (settings.ROSTER_INLINE_ENTRIES),
    else by `task` with `arguments`, queued for the `printer` when it is quick to render and somebody signed in
    waits for it, else for the `worker`; taken before the queue's jobs of a lower `priority`
    (settings.TASK_PRIORITIES)."""
    queue = settings.ROSTER_QUEUE if for_the_printer(printing.entries, priority) else "default"
    return serve_pdf(request, roster_key(printing, paper, compact), filename,
                     lambda: _roster_pdf(printing, paper, compact),
                     printing.entries <= settings.ROSTER_INLINE_ENTRIES,
                     lambda: task.using(queue_name=queue, priority=priority).enqueue(*arguments),
                     f"the roster of “{printing.list_name}”", f"{printing.entries} entries")


def reload_after(waited_s: float) -> int:
    """When the waiting page reloads: after a second while the PDF is new in the queue (a roster of a
    few dozen entries takes the worker about that), then every 3 s: under the 5 s a kept-alive
    connection may idle (armylists/ops/gunicorn.py), so a reload never races its closing."""
    return 1 if waited_s < QUICK_RELOADS_S else 3


def waiting_page(request: HttpRequest, waiting: dict, state: dict) -> HttpResponse:
    """The page shown while the worker renders a PDF: what it is, how big, since when; it reloads itself
    (with the PDF's key, signed: `reloaded`). If the rendering failed, it says so and when to ask again
    (503, with Retry-After), and the reload asks anew."""
    failed = "failed" in state
    waited = (timezone.now() - state.get("queued", timezone.now())).total_seconds()
    query = request.GET.copy()
    query.pop(WAITING, None)
    ask_again = f"{request.path}?{query.urlencode()}" if query else request.path
    query[WAITING] = signing.dumps(waiting, salt=WAITING_SALT)
    context = {"what": waiting["what"], "size": waiting["size"], "state": state, "reload_s": reload_after(waited),
               "reload_url": ask_again if failed else f"{request.path}?{query.urlencode()}"}
    response = render(request, "printing/preparing.html", context, status=503 if failed else 202)
    if failed:
        response["Retry-After"] = str(FAILED_S)
    return response
