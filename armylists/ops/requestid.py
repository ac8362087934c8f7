"""A request id for every request: in the X-Request-ID response header, on every log
line written while the request is served, and on the error page a player sees, so
that "reference 3f9c…" in a player's message finds its traceback in the log."""
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
# An id handed on by a proxy in front is kept if it is short and plain (it is written to the log).
ACCEPTED = re.compile(r"[A-Za-z0-9._-]{8,64}")
current_request_id: ContextVar[str] = ContextVar("request_id", default="-")


def request_id_of(request: HttpRequest) -> str:
    offered = request.headers.get(HEADER, "")
    return offered if ACCEPTED.fullmatch(offered) else secrets.token_hex(8)


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
        request.request_id = request_id_of(request)
        current_request_id.set(request.request_id)


@receiver(request_finished)
def forget_request_id(**kwargs) -> None:
    current_request_id.set("-")


class RequestIdFilter(logging.Filter):
    """Gives every log record the id of the request being served ("-" outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current_request_id.get()
        return True
