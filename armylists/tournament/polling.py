"""The day's polls that find nothing new, answered 204 before anything else is read (docs/events.md, "Polling").

A page that shows the day (a player's table, the standings) polls it every 10 seconds with the day's version
as the page showed it, signed for the browser session the page was made for (`poll_token`: the session's
cookie, not its user, so that checking it reads neither). Such a poll is answered 204 while the version is
still current (htmx leaves the fragment as it is; a 304 it would swap in, empty), in one of two places:

- on the web process's event loop (`answer_on_the_loop`, armylists/ops/handler.py), with no thread, middleware
  or database, when this process read the day's version less than VERSION_KEPT_S ago: a change made since in
  another process is shown at the poll after, ten seconds later;
- else by `UnchangedPollMiddleware` in `process_view`, once the URL is resolved and before the view's decorators
  load the session and the user: after one query, which the process keeps for the loop.

Anything else (a change, another session, no token, a whole page) goes to the view, access checks and all. The
token was only given out by a page its session was allowed to see, so a 204 tells its holder no more than that
page did.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import parse_qs

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.cookie import parse_cookie
from django.urls import Resolver404, resolve
from django.utils.crypto import constant_time_compare, salted_hmac

from .read import day_version

SALT = "tournament.poll"
VERSION_KEPT_S = 1.0
VERSIONS_KEPT = 1000  # events whose version a process keeps at once
# Each event's version as this process last read it, and when (time.monotonic()).
_read: dict[str, tuple[str, float]] = {}


def _token(session: str, slug: str, version: str | None) -> str:
    return salted_hmac(SALT, f"{session}:{slug}:{version}").hexdigest()[:24]


def poll_token(request: HttpRequest, slug: str, version: str | None) -> str:
    """What a page's poll carries (`?seen=`): the day's version as the page showed it, signed for its session."""
    return _token(request.COOKIES.get(settings.SESSION_COOKIE_NAME, ""), slug, version)


def current_version(slug: str) -> str | None:
    """The day's version read now (`day_version`), kept for the polls answered on the loop."""
    version = day_version(slug)
    if version is not None:
        if len(_read) >= VERSIONS_KEPT:
            _read.clear()
        _read[slug] = (version, time.monotonic())
    return version


def _kept_version(slug: str) -> str | None:
    kept = _read.get(slug)
    return kept[0] if kept and time.monotonic() - kept[1] < VERSION_KEPT_S else None


def polled(target: str) -> Callable:
    """Marks a day view whose htmx poll of `target` (the fragment's id) may be answered 204 by the middleware."""
    def mark(view: Callable) -> Callable:
        view.polled_target = target
        return view

    return mark


def unchanged_poll(request: HttpRequest, slug: str, target: str) -> HttpResponse | None:
    """204 for htmx's poll of `target` when the day is at the version its page showed this session; else None."""
    seen = request.GET.get("seen", "")
    if not (seen and request.headers.get("HX-Request") == "true" and request.headers.get("HX-Target") == target):
        return None
    version = current_version(slug)
    if version is not None and constant_time_compare(seen, poll_token(request, slug, version)):
        return HttpResponse(status=204)
    return None


def answer_on_the_loop(scope: dict) -> int | None:
    """204 for an ASGI request that is an unchanged poll of a day this process read less than VERSION_KEPT_S
    ago; None for anything else, which Django answers (settings.ANSWERED_ON_THE_LOOP)."""
    if scope.get("method") != "GET" or b"seen=" not in scope.get("query_string", b""):
        return None
    try:
        found = resolve(scope["path"])
    except Resolver404:
        return None
    target, slug = getattr(found.func, "polled_target", None), found.kwargs.get("slug")
    version = _kept_version(slug) if target and slug else None
    if version is None:
        return None
    headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}
    if headers.get("hx-request") != "true" or headers.get("hx-target") != target:
        return None
    seen = parse_qs(scope["query_string"].decode("latin-1")).get("seen", [""])[0]
    session = parse_cookie(headers.get("cookie", "")).get(settings.SESSION_COOKIE_NAME, "")
    return 204 if seen and constant_time_compare(seen, _token(session, slug, version)) else None


class UnchangedPollMiddleware:
    """Answers the day's unchanged polls before the view (the module's docstring)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view, args, kwargs) -> HttpResponse | None:
        target = getattr(view, "polled_target", None)
        if target is None or request.method != "GET" or "slug" not in kwargs:
            return None
        return unchanged_poll(request, kwargs["slug"], target)
