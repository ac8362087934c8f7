"""The page for a request that failed on the server (handler500 in armylists/urls.py)."""
from __future__ import annotations

import sys

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template import loader

from .requestid import current_request_id
from .timelimit import RequestCut, busy, cut_answer

# What the database says when it is too busy to answer in time: SQLite's lock held by another writer,
# PostgreSQL's lock timeout, and no pooled connection free (psycopg_pool's PoolTimeout).
BUSY_DATABASE = ("database is locked", "database table is locked", "lock timeout", "couldn't get a connection")


def busy_database(error: BaseException | None) -> bool:
    return isinstance(error, OperationalError) and any(words in str(error) for words in BUSY_DATABASE)


def server_error(request: HttpRequest) -> HttpResponse:
    """500.html with the request id, which the log line of the traceback carries too; 503 with
    Retry-After when the database was busy (another writer held it) or the request was cut for time.

    The template stands alone (no base.html, no context processors): whatever broke
    the request, the database included, must not break its error page as well.
    """
    # Django calls this while it handles the view's exception, so sys.exc_info() holds it.
    error = sys.exc_info()[1]
    if isinstance(error, RequestCut) or getattr(request, "cut_for_time", False):
        return cut_answer()
    if busy_database(error):
        return busy(5, "The site's database was busy with other changes, and nothing was saved.")
    request_id = getattr(request, "request_id", None) or current_request_id.get()
    try:
        body = loader.get_template("500.html").render({"request_id": request_id})
    except Exception:  # noqa: BLE001 - the last answer left; it must not fail
        body = f"<h1>Server error</h1><p>Something went wrong on our side. Reference: {request_id}</p>"
    return HttpResponseServerError(body)
