"""The ASGI handler the `web` process serves (armylists/asgi.py): Django's, with two changes.

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
(WEB_CONCURRENCY, twice the cores by default: a process busy with a PDF leaves
the others free). tests/load/run.py measured the difference (docs/deploying.md).
"""
from __future__ import annotations

from django.core.handlers.asgi import ASGIHandler

from .limits import empty_body, refusal


class MusterASGIHandler(ASGIHandler):
    async def __call__(self, scope, receive, send):
        # Django's __call__, without `async with ThreadSensitiveContext()`: see the module's docstring.
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        await self.handle(scope, receive, send)

    async def handle(self, scope, receive, send):
        headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}
        if refusal(scope["path"], headers.get("content-length"), headers.get("transfer-encoding")) is not None:
            receive = empty_body(receive)  # the limits' middleware answers from the headers alone
        await super().handle(scope, receive, send)
