"""No request holds a web process for more than settings.REQUEST_TIME_LIMIT_S (2 s).

The ASGI handler (armylists.ops.handler) gives each request's Django code that
long. Its Django code runs in the process's one thread for sync code; an
`asyncio` timeout would not stop that thread (asgiref waits for it, and
gunicorn's `timeout` does not cut an ASGI request either). So the request is
cut where it runs: `RequestTimeLimitMiddleware` notes which thread serves
which request, and `cut` raises `RequestCut` in that thread (CPython's
PyThreadState_SetAsyncExc), which unwinds the view as any error would (its
transaction rolled back) between two Python instructions; the error page
(armylists.ops.errors) answers it 503 with Retry-After (`busy`). A call into C
(a query waiting for a lock) is cut when it returns, so the web process waits
at most a second for SQLite's lock (armylists/ops/gunicorn.py); a cut in the
middle of a query can leave the connection unusable, so the thread's
connections are dropped before its next request.

A request whose time ran out while it waited for the process's thread behind
others is answered at once, without being started: an overloaded process
sheds work rather than queueing it.

Long work never reaches the limit by design: rosters of many entries and the
judges' pack are rendered by the worker, and a repeated roster comes from the
cache. The limit is for what slips through. The internals used here (CPython's
and a Django connection's) are named in armylists.ops.private_apis.
"""
from __future__ import annotations

import ctypes
import threading
import time
from contextlib import contextmanager

from django.conf import settings
from django.db import connections
from django.http import HttpRequest, HttpResponse
from django.shortcuts import resolve_url
from django.template import loader

from .requestid import current_request_id

_serving: dict[int, HttpRequest] = {}
_cut_threads: set[int] = set()  # threads whose database connections a cut may have left mid-query
_shielded: set[int] = set()  # threads in a step a cut must not split (`shielded`)
_deferred: set[int] = set()  # shielded threads cut meanwhile
_lock = threading.Lock()


def time_limit_of(request: HttpRequest) -> float:
    """REQUEST_TIME_LIMIT_S; for the login form sent, LOGIN_TIME_LIMIT_S. A login's own work is one password
    hash, bounded by its costs (docs/deploying.md, "Passwords"): past 2 s it is only waiting behind others, as
    when a room of players logs in at once on a busy machine, and a 503 then has the player type their
    password again, one more login in the queue."""
    if request.method == "POST" and request.path == resolve_url(settings.LOGIN_URL):
        return settings.LOGIN_TIME_LIMIT_S
    return settings.REQUEST_TIME_LIMIT_S


class RequestCut(Exception):
    """Raised inside a request's Django code once its time is up."""


class RequestTimeLimitMiddleware:
    """Second in MIDDLEWARE: notes the thread running each request's code, for `cut`."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if time.monotonic() > getattr(request, "time_limit_deadline", float("inf")):
            # It spent its time waiting for the process behind other requests: answered, not started.
            request.cut_for_time = True
            return cut_answer()
        thread = threading.get_ident()
        with _lock:
            _serving[thread] = request
            was_cut = thread in _cut_threads
            _cut_threads.discard(thread)
        if was_cut:
            drop_connections()
        try:
            return self.get_response(request)
        finally:
            with _lock:
                _serving.pop(thread, None)


@contextmanager
def shielded():
    """A step a cut must not split in two (handing work to another thread and noting that it did): a cut
    that comes meanwhile is raised as the step ends."""
    thread = threading.get_ident()
    with _lock:
        _shielded.add(thread)
    try:
        yield
    finally:
        with _lock:
            _shielded.discard(thread)
            deferred = thread in _deferred
            _deferred.discard(thread)
        if deferred:
            raise RequestCut()


def cut(request: HttpRequest) -> bool:
    """Raises RequestCut in the thread running this request's code, if one is; True if it did."""
    with _lock:
        thread = next((t for t, serving in _serving.items() if serving is request), None)
        if thread is None:
            return False
        request.cut_for_time = True
        if thread in _shielded:
            _deferred.add(thread)
            return True
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(RequestCut))
        _cut_threads.add(thread)
        return True


def drop_connections() -> None:
    """The thread's database connections, closed before its next request: a cut in the middle of a
    query can leave one unusable, and the next request would fail on it."""
    for connection in connections.all(initialized_only=True):
        connection.in_atomic_block, connection.savepoint_ids, connection.needs_rollback = False, [], False
        connection.atomic_blocks = []
        try:
            connection.close()
        except Exception:  # noqa: BLE001 - broken mid-query: forget it, Django opens a new one
            connection.connection = None


def cut_answer() -> HttpResponse:
    return busy(5, "This page took too long to make and was stopped, so that others are not kept waiting.")


def busy(retry_after: int, reason: str) -> HttpResponse:
    """503 with Retry-After: the site could not answer in time, or its database was busy.

    busy.html stands alone (no base.html, no database), as the 500 page does."""
    body = loader.get_template("busy.html").render({"reason": reason, "retry_after": retry_after,
                                                    "request_id": current_request_id.get()})
    response = HttpResponse(body, status=503)
    response["Retry-After"] = str(retry_after)
    return response
