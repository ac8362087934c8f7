"""Request bodies are refused from their headers, before a byte of them is read.

A body over its path's REQUEST_BODY_MAX_BYTES (by its declared Content-Length) gets 413, a
body sent in chunks (Transfer-Encoding, no length declared up front) 411, a
Content-Length that is not a number 400: JSON under /api/, a page elsewhere.
Under WSGI (runserver, the test client) Django reads a body only when a view
asks for it, so the middleware is early enough. Under ASGI Django reads the
whole body before any middleware runs, so the ASGI handler (armylists.ops.handler)
applies the same rule to the headers first and, for a refused request, hands
Django an empty body (`empty_body`) without reading the client's.
"""
from __future__ import annotations

import asyncio

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from armylists.boundary.numbers import whole_number


def body_limit(path: str) -> int:
    """The largest body a request to this path may have: the setting's longest matching prefix."""
    prefix = max((p for p in settings.REQUEST_BODY_MAX_BYTES if path.startswith(p)), key=len, default="/")
    return settings.REQUEST_BODY_MAX_BYTES[prefix]


def refusal(path: str, content_length: str | None, transfer_encoding: str | None) -> tuple[int, str] | None:
    """(status, message) for a request body the site will not read, or None."""
    limit = body_limit(path)
    if transfer_encoding:
        return 411, "the request must declare its length (Content-Length): a body sent in chunks is not accepted"
    if content_length is None or content_length == "":
        return None
    declared = whole_number(content_length)
    if declared is None:
        return 400, "the Content-Length header must be a number of bytes"
    if declared > limit:
        return 413, f"the request must be at most {limit:,} bytes (it declares {declared:,})"
    return None


class RequestBodyLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        refused = refusal(request.path, request.META.get("CONTENT_LENGTH"),
                          request.META.get("HTTP_TRANSFER_ENCODING"))
        if refused is None:
            return self.get_response(request)
        status, message = refused
        if request.path.startswith("/api/"):
            return JsonResponse({"error": message}, status=status)
        return render(request, "request_refused.html", {"message": message}, status=status)


def empty_body(receive):
    """An ASGI receive that gives Django an empty body at once, without reading the client's;
    asked again (Django listens for a disconnect), it waits until Django is done with the request."""
    asked = False

    async def receive_nothing():
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # cancelled by Django once the response is sent

    return receive_nothing
