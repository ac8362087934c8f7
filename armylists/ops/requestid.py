"""A request id for every request: in the X-Request-ID response header, on every log
line written while the request is served, and on the error page a player sees, so
that "reference 3f9c…" in a player's message finds its traceback in the log.

The id is always Muster's own: one a client sends in X-Request-ID is never the
answer's, or anyone could make their requests carry a player's reference. An id
offered (by a proxy in front, say) is logged beside ours as `client_request_id`
(docs/deploying.md, "Logs")."""
from __future__ import annotations

import logging
import re
import secrets
from contextvars import ContextVar

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.core.signals import request_finished
from django.dispatch import receiver
from django.http import HttpRequest

HEADER = "X-Request-ID"
# An offered id is logged only if it is short and plain: it is the client's text, written to the log.
ACCEPTED = re.compile(r"[A-Za-z0-9._-]{8,64}")
NONE = "-"
current_request_id: ContextVar[str] = ContextVar("request_id", default=NONE)
current_client_request_id: ContextVar[str] = ContextVar("client_request_id", default=NONE)


def offered_request_id(request: HttpRequest) -> str:
    """The id the request came with, if it is plain; "-" if it came with none, or anything else."""
    offered = request.headers.get(HEADER, "")
    return offered if ACCEPTED.fullmatch(offered) else NONE


class RequestIdMiddleware:
    """First in MIDDLEWARE, so every answer carries the id, errors and redirects included."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest):
        if iscoroutinefunction(self):
            return self._serve_async(request)
        self._start(request)
        response = self.get_response(request)
        response[HEADER] = request.request_id
        return response

    async def _serve_async(self, request: HttpRequest):
        self._start(request)
        response = await self.get_response(request)
        response[HEADER] = request.request_id
        return response

    @staticmethod
    def _start(request: HttpRequest) -> None:
        # Kept until the request is finished, not only until the middleware returns:
        # Django logs a 4xx or 5xx answer after the whole middleware chain.
        request.request_id = secrets.token_hex(8)
        request.client_request_id = offered_request_id(request)
        current_request_id.set(request.request_id)
        current_client_request_id.set(request.client_request_id)


@receiver(request_finished)
def forget_request_id(**kwargs) -> None:
    current_request_id.set(NONE)
    current_client_request_id.set(NONE)


class RequestIdFilter(logging.Filter):
    """Gives every log record the id of the request being served and the id it was offered ("-" for none, and
    outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current_request_id.get()
        record.client_request_id = current_client_request_id.get()
        return True
