"""Rate limits on costly endpoints, per user and per address, counted in Django's cache.

By count (`limit`), and by cost (`cost_limited`): what a request of a costly
page costs is the time the server spent on it, and each user and each address
may spend settings.COST_LIMITS seconds of it a minute, whatever the page. A
flood of pages that take a second each is refused after a few dozen, while the
same address's cheap requests go on.

    refused = limit(request, "roster-pdf")
    if refused:
        return refused

`limit` counts the request against each of its buckets (the signed-in user's,
and the client address's: armylists.ops.clientip) for the rate that
settings.RATE_LIMITS gives the key, or the `rate` passed ("20/m": twenty a
minute; s, m or h). Over either, it answers 429 with Retry-After: a page, or
JSON under /api/. Counting is a fixed window per bucket (cache.add then
cache.incr), so it needs a cache every process shares: the database cache
(settings.CACHES, docs/deploying.md "Caching and rate limits").
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import wraps
from math import ceil

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from .clientip import client_ip
from .timelimit import drop_connections

PERIODS = {"s": 1, "m": 60, "h": 3600}

# The time the windows are counted by (the tests hold it still: tests/conftest.py), and what a request costs.
clock = time.time
timer = time.perf_counter


@dataclass(frozen=True, slots=True)
class Rate:
    count: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> Rate:
        count, _, period = text.partition("/")
        return cls(int(count), PERIODS[period.strip()])


def _rates(key: str, rate: str | None) -> dict[str, Rate]:
    if rate is not None:
        return {"user": Rate.parse(rate), "address": Rate.parse(rate)}
    return {bucket: Rate.parse(text) for bucket, text in settings.RATE_LIMITS[key].items()}


def _buckets(request: HttpRequest) -> dict[str, str]:
    buckets = {"address": client_ip(request) or "unknown"}
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        buckets["user"] = str(user.pk)
    return buckets


def _count(name: str, rate: Rate, now: float) -> int | None:
    """Counts one use; the seconds until the window ends if this use is one too many, else None."""
    window = int(now // rate.seconds)
    cache_key = f"ratelimit:{name}:{window}"
    cache.add(cache_key, 0, timeout=rate.seconds + 1)
    try:
        used = cache.incr(cache_key)
    except ValueError:  # culled between add and incr: count afresh
        cache.set(cache_key, 1, timeout=rate.seconds + 1)
        used = 1
    return ceil((window + 1) * rate.seconds - now) if used > rate.count else None


def limit(request: HttpRequest, key: str, rate: str | None = None) -> HttpResponse | None:
    """None while the request is within its limits; the 429 answer once it is not."""
    rates, now = _rates(key, rate), clock()
    waits = [_count(f"{key}:{bucket}:{who}", rates[bucket], now)
             for bucket, who in _buckets(request).items() if bucket in rates]
    waits = [wait for wait in waits if wait is not None]
    return too_many(request, max(waits)) if waits else None


COST_WINDOW_S = 60


def _cost_keys(request: HttpRequest, now: float) -> dict[str, str]:
    window = int(now // COST_WINDOW_S)
    return {bucket: f"cost:{bucket}:{who}:{window}" for bucket, who in _buckets(request).items()}


def over_cost(request: HttpRequest) -> HttpResponse | None:
    """The 429 answer while the request's user or address has spent its share of the server's time this
    minute (settings.COST_LIMITS, in seconds); else None."""
    now = clock()
    keys = _cost_keys(request, now)
    spent = cache.get_many(list(keys.values()))
    if any(spent.get(key, 0) >= settings.COST_LIMITS[bucket] * 1000 for bucket, key in keys.items()):
        return too_many(request, ceil((int(now // COST_WINDOW_S) + 1) * COST_WINDOW_S - now))
    return None


def charge(request: HttpRequest, seconds: float) -> None:
    """Counts the server's time spent on the request against its user's and its address's shares."""
    for key in _cost_keys(request, clock()).values():
        cache.add(key, 0, timeout=COST_WINDOW_S + 1)
        try:
            cache.incr(key, max(1, round(seconds * 1000)))
        except ValueError:  # culled between add and incr
            cache.set(key, round(seconds * 1000), timeout=COST_WINDOW_S + 1)


def cost_limited(view):
    """A costly view: refused (429) past its caller's share of the server's time, and charged what it took."""

    @wraps(view)
    def limited(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if refused := over_cost(request):
            return refused
        started = timer()
        try:
            return view(request, *args, **kwargs)
        finally:
            if getattr(request, "cut_for_time", False):
                drop_connections()  # cut mid-query, its connection takes no other query (timelimit.py)
            charge(request, timer() - started)

    return limited


def too_many(request: HttpRequest, retry_after: int) -> HttpResponse:
    message = f"Too many requests of this kind: try again in {retry_after} seconds"
    if request.path.startswith("/api/"):
        response = JsonResponse({"error": message}, status=429)
    else:
        response = render(request, "too_many_requests.html", {"retry_after": retry_after}, status=429)
    response["Retry-After"] = str(retry_after)
    return response
