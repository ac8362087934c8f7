"""Rate limits on costly endpoints, per user and per address, counted in Django's cache.

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
from math import ceil

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from .clientip import client_ip

PERIODS = {"s": 1, "m": 60, "h": 3600}

# The time the windows are counted by (the tests hold it still: tests/conftest.py).
clock = time.time


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


def too_many(request: HttpRequest, retry_after: int) -> HttpResponse:
    message = f"Too many requests of this kind: try again in {retry_after} seconds"
    if request.path.startswith("/api/"):
        response = JsonResponse({"error": message}, status=429)
    else:
        response = render(request, "too_many_requests.html", {"retry_after": retry_after}, status=429)
    response["Retry-After"] = str(retry_after)
    return response
