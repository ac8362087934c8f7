"""The page for a request that failed on the server (handler500 in armylists/urls.py)."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template import loader

from .requestid import current_request_id


def server_error(request: HttpRequest) -> HttpResponse:
    """500.html with the request id, which the log line of the traceback carries too.

    The template stands alone (no base.html, no context processors): whatever broke
    the request, the database included, must not break its error page as well.
    """
    request_id = getattr(request, "request_id", None) or current_request_id.get()
    try:
        body = loader.get_template("500.html").render({"request_id": request_id})
    except Exception:  # noqa: BLE001 - the last answer left; it must not fail
        body = f"<h1>Server error</h1><p>Something went wrong on our side. Reference: {request_id}</p>"
    return HttpResponseServerError(body)
