"""The ASGI handler the `web` process serves (armylists/asgi.py): Django's, with four changes.

Refused bodies are refused unread. Django reads a request's whole body before
any middleware runs; a request whose headers the body limits refuse
(armylists.ops.limits) gets an empty body instead, and the limits' middleware
answers it from its headers.

One request at a time runs Django's code in each process. Django's own handler
gives every request a thread of its own, so a process serves many at once; but
Muster's requests are work for the CPU (checking a list, rendering a roster),
and Python threads share one interpreter lock, so concurrent requests only slow
each other down (an htmx edit waiting on a roster PDF in the same process took
ten times its own time). Without Django's per-request context all its
synchronous code runs in one thread per process, in turn, as with gunicorn's
sync workers; the event loop still reads and writes every connection, so a
slow client holds no one up. Parallelism comes from processes
(WEB_CONCURRENCY, four per core by default: a process busy with a slow request leaves
the others free). tests/load/run.py measured the difference (docs/deploying.md).

The middleware and the view run in one trip to that thread. Django's own handler
runs its middleware chain in async mode, and a chain of synchronous middleware
around an async one (django-axes's) went from the event loop to the thread, back
to the loop and to the thread again for the view: each trip copies the request's
context and waits for the loop (up to 2 ms of an edit's 27 ms of CPU, measured on
one process). Here the chain is Django's synchronous one, as under WSGI.

A client refused for asking too much (429), or for want of a slot for anonymous
work (503: armylists.ops.slots), hears so only after REFUSED_WAIT_S,
waited on the event loop while the process's thread serves others: a flood
that asks again the moment it is answered kept the thread busy answering 429s,
and the players behind them waited (tests/load/run.py's flood).

An anonymous request for a costly page (no session cookie, a view under
cost_limited) takes one of the machine's slots here, on the event loop, waiting
up to SLOT_WAIT_S for one (armylists.ops.slots); without one, or while its
address's or every anonymous request's time budget is spent, it is answered 503 or 429 here,
without the thread: a flood's refusals took the threads' time from the players.

A request's Django code has settings.REQUEST_TIME_LIMIT_S (a login sent, LOGIN_TIME_LIMIT_S:
`time_limit_of`): past it, the code is cut where it runs and the client answered 503
(armylists.ops.timelimit). The clock starts
once the body has arrived: a slow client's upload is the server's to bound.

A request that a function of settings.ANSWERED_ON_THE_LOOP answers (its status, else None) is
answered there, bare, before Django makes a request of it: the event day's unchanged polls
(armylists/tournament/polling.py), for which the rest of the way was most of the cost.

The Django internals used here are named, with the releases they were read in,
in armylists.ops.private_apis.
"""
from __future__ import annotations

import asyncio
import secrets
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.base import BaseHandler
from django.http import HttpResponse, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.module_loading import import_string

from . import slots
from .limits import empty_body, refusal
from .ratelimit import NO_SLOT_RETRY_S, anonymous_budget_spent
from .requestid import HEADER
from .timelimit import RequestCut, busy, cut, cut_answer, time_limit_of

REFUSED_WAIT_S = 1.0
# How long an anonymous request for a costly page waits on the event loop for a slot (armylists.ops.slots).
SLOT_WAIT_S = 0.15


def anonymous_and_costly(request) -> bool:
    """A request without a session cookie for a costly view (armylists.ops.ratelimit.cost_limited)."""
    if settings.SESSION_COOKIE_NAME in request.COOKIES:
        return False
    try:
        return getattr(resolve(request.path_info).func, "cost_limited", False)
    except Resolver404:
        return False


async def refused_on_the_loop(request, status: int, retry_after: int) -> HttpResponse:
    """429 or 503 with Retry-After, made and held on the event loop: no middleware, no database, no thread."""
    await asyncio.sleep(REFUSED_WAIT_S)
    if request.path.startswith("/api/"):
        response = JsonResponse({"error": f"The site is busy: try again in {retry_after} seconds"}, status=status)
    else:
        response = busy(retry_after, "Many people are reading shared lists just now; signing in skips the queue.")
        response.status_code = status
    response["Retry-After"] = str(retry_after)
    return response


async def bare_answer(send, status: int) -> None:
    """An empty answer made on the event loop, with the request id every answer carries."""
    await send({"type": "http.response.start", "status": status,
                "headers": [(HEADER.lower().encode(), secrets.token_hex(8).encode())]})
    await send({"type": "http.response.body", "body": b""})


class MusterASGIHandler(ASGIHandler):
    def __init__(self):
        BaseHandler.__init__(self)  # not ASGIHandler's, which loads the middleware for async mode
        self.load_middleware(is_async=False)
        self.answered_on_the_loop = [import_string(path) for path in settings.ANSWERED_ON_THE_LOOP]

    async def __call__(self, scope, receive, send):
        # Django's __call__, without `async with ThreadSensitiveContext()`: see the module's docstring.
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        await self.handle(scope, receive, send)

    async def handle(self, scope, receive, send):
        for answer in self.answered_on_the_loop:
            if (status := answer(scope)) is not None:
                return await bare_answer(send, status)
        headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}
        if refusal(scope["path"], headers.get("content-length"), headers.get("transfer-encoding")) is not None:
            receive = empty_body(receive)  # the limits' middleware answers from the headers alone
        await super().handle(scope, receive, send)

    async def get_response_async(self, request):
        slot = None
        if anonymous_and_costly(request):
            if (wait := anonymous_budget_spent(request)) is not None:
                return await refused_on_the_loop(request, 429, wait)
            slot = await slots.wait_for_one(SLOT_WAIT_S)
            if slot is None:
                return await refused_on_the_loop(request, 503, NO_SLOT_RETRY_S)
            request.anonymous_slot = slot  # the view runs in it (armylists.ops.ratelimit.cost_limited)
        try:
            # The synchronous chain (middleware and view), in one trip to the process's thread.
            response = await sync_to_async(self.get_response, thread_sensitive=True)(request)
        finally:
            if slot is not None:
                slots.give_back(slot)
        if response.status_code == 429 or getattr(response, "refused", False):  # or 503: no slot (ops.slots)
            await asyncio.sleep(REFUSED_WAIT_S)  # see the module's docstring: the thread is free meanwhile
        return response

    async def run_get_response(self, request):
        # Not asyncio.timeout: cancelled, asgiref still waits for the thread to finish its work.
        limit = time_limit_of(request)
        request.time_limit_deadline = time.monotonic() + limit
        timer = asyncio.get_running_loop().call_later(limit, cut, request)
        try:
            response = await super().run_get_response(request)
        except RequestCut:  # raised just past the middleware that would have answered it
            response = None
        finally:
            timer.cancel()
        if getattr(request, "cut_for_time", False) and (response is None or response.status_code == 500):
            return cut_answer()
        return response
