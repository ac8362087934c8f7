"""Rate limits: at most so many requests of one kind per client address in a period, counted in Django's cache.

Counts are kept per fixed window (the current hour for "30/h"), so a burst is allowed
up to the rate and then refused until the window turns. With the default cache each
process counts on its own (docs/deploying.md, "What the site does against hostile clients").
"""
from __future__ import annotations

import time

from django.core.cache import cache
from django.http import HttpRequest

from .clientip import client_ip

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    """"30/h": (30 requests, 3600 seconds)."""
    count, _, period = rate.partition("/")
    return int(count), PERIODS[period]


def limit(request: HttpRequest, key: str, rate: str) -> bool:
    """Count this request under `key` for its address; True when it goes over `rate` and must be refused."""
    allowed, seconds = parse_rate(rate)
    window = int(time.time() // seconds)
    counter = f"ratelimit:{key}:{client_ip(request)}:{window}"
    cache.add(counter, 0, timeout=seconds)
    try:
        count = cache.incr(counter)
    except ValueError:  # expired between add and incr: this request opens the window
        cache.add(counter, 1, timeout=seconds)
        count = 1
    return count > allowed
