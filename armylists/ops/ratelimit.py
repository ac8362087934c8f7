"""Rate limits on costly endpoints, per user and per address, counted in a table nothing else can push out.

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
JSON under /api/.

Each bucket's window slides: its period is counted in SLOTS slots, and a request
counts every slot since the one a period before its own (a period and up to a
slot), so no run of requests takes more than the limit in any period, across
the end of a minute or not. A request is counted first, then the window read;
one refused takes its count back. So the last request admitted has read every
admitted one's count, and however many come at once, at most the limit are
admitted. The counts are kept by armylists.ops.tallies, added to atomically,
in a table of their own (docs/deploying.md, "Caching and rate limits").
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import wraps
from math import ceil, floor

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from . import slots, tallies
from .clientip import client_ip
from .timelimit import busy, drop_connections

PERIODS = {"s": 1, "m": 60, "h": 3600}
# The slots a period is counted in: a window counts up to a twelfth of a period more than the period.
SLOTS = 12
# How often a process deletes the slots that no longer count, in seconds (tallies.sweep).
SWEEP_S = 60

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


@dataclass(frozen=True, slots=True)
class Window:
    """One bucket's sliding window at the time `now`."""
    bucket: str
    rate: Rate
    now: float

    @property
    def slot(self) -> int:
        return floor(self.now * SLOTS / self.rate.seconds)

    def _start(self, slot: int) -> float:
        return slot * self.rate.seconds / SLOTS

    def add(self, amount: int) -> None:
        # A slot is counted until a period and a slot after it began; then it may go.
        tallies.add(self.bucket, self.slot, amount, expires=ceil(self._start(self.slot + SLOTS + 1)))

    def used(self) -> dict[int, int]:
        """What the window counts, by slot."""
        return tallies.read(self.bucket, self.slot - SLOTS)

    def wait(self, used: dict[int, int], below: int) -> int:
        """The seconds until what the window counts of `used` falls below `below`, with nothing more counted."""
        remaining, leaves = sum(used.values()), self.now
        for slot in sorted(used):
            if remaining < below:
                break
            remaining -= used[slot]
            leaves = self._start(slot + SLOTS + 1)
        return max(1, ceil(leaves - self.now))


def longest_wait(seconds: int) -> int:
    """The longest Retry-After of a limit over `seconds`: a request counts for the period and a slot."""
    return ceil(seconds * (SLOTS + 1) / SLOTS)


_swept = [float("-inf")]


def _sweep_now_and_then(now: float) -> None:
    if now - _swept[0] >= SWEEP_S or now < _swept[0]:
        _swept[0] = now
        tallies.sweep(now)


def _rates(key: str, rate: str | None) -> dict[str, Rate]:
    if rate is not None:
        return {"user": Rate.parse(rate), "address": Rate.parse(rate)}
    return {bucket: Rate.parse(text) for bucket, text in settings.RATE_LIMITS[key].items()}


def signed_in(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    return user is not None and user.is_authenticated


def _buckets(request: HttpRequest) -> dict[str, str]:
    """The request's buckets: its address's, its user's if signed in, else every anonymous request's one."""
    buckets = {"address": client_ip(request) or "unknown"}
    if signed_in(request):
        buckets["user"] = str(request.user.pk)
    else:
        buckets["anonymous"] = "everyone"
    return buckets


def _windows(request: HttpRequest, key: str, rates: dict[str, Rate], now: float) -> dict[str, Window]:
    """The request's windows for the limit `key`, by bucket ("user", "address")."""
    return {bucket: Window(f"{key}:{bucket}:{who}:{rates[bucket].seconds}", rates[bucket], now)
            for bucket, who in _buckets(request).items() if bucket in rates}


def limit(request: HttpRequest, key: str, rate: str | None = None) -> HttpResponse | None:
    """None while the request is within its limits; the 429 answer once it is not (and then it is not counted)."""
    now = clock()
    _sweep_now_and_then(now)
    waits, windows = [], _windows(request, key, _rates(key, rate), now).values()
    for window in windows:
        window.add(1)  # first, then read: see the module's docstring
        used = window.used()
        if sum(used.values()) > window.rate.count:
            used[window.slot] -= 1
            waits.append(window.wait(used, window.rate.count))
    if not waits:
        return None
    for window in windows:
        window.add(-1)
    return too_many(request, max(waits))


COST_WINDOW_S = 60


def _cost_windows(request: HttpRequest, now: float) -> dict[str, Window]:
    """The request's user's and address's windows of the server's time, in milliseconds (settings.COST_LIMITS);
    an anonymous request's also the window every anonymous request shares (COST_LIMITS["anonymous"])."""
    rates = {bucket: Rate(seconds * 1000, COST_WINDOW_S) for bucket, seconds in settings.COST_LIMITS.items()}
    return _windows(request, "cost", rates, now)


def spent(request: HttpRequest) -> dict[str, int]:
    """The milliseconds of the server's time the request's user and address have spent in their windows."""
    return {bucket: sum(window.used().values()) for bucket, window in _cost_windows(request, clock()).items()}


def over_cost(request: HttpRequest) -> HttpResponse | None:
    """The 429 answer while the request's user or address has spent its share of the server's time in the
    last minute (settings.COST_LIMITS, in seconds); else None. Every anonymous request's share spent, the
    process notes until when (`anonymous_budget_spent`)."""
    waits = []
    for bucket, window in _cost_windows(request, clock()).items():
        used = window.used()
        if sum(used.values()) >= window.rate.count:
            waits.append(window.wait(used, window.rate.count))
            if bucket in ("anonymous", "address") and not signed_in(request):
                _spent_until[window.bucket] = time.monotonic() + waits[-1]
    return too_many(request, max(waits)) if waits else None


# Until when (time.monotonic) an anonymous request's cost windows are spent, as this process last read them.
_spent_until: dict[str, float] = {}


def anonymous_budget_spent(request: HttpRequest) -> int | None:
    """The seconds until this anonymous request's address, and every anonymous request, have time again, as
    this process last read their windows; None if they have: the handler refuses it on the event loop
    meanwhile (armylists.ops.handler), without the thread."""
    now = time.monotonic()
    for bucket in [key for key, until in _spent_until.items() if until <= now]:
        del _spent_until[bucket]
    windows = _cost_windows(request, clock()).values()
    left = max((_spent_until.get(window.bucket, now) - now for window in windows), default=0)
    return ceil(left) if left > 0 else None


def charge(request: HttpRequest, seconds: float) -> None:
    """Counts the server's time spent on the request against its user's and its address's shares."""
    now = clock()
    _sweep_now_and_then(now)
    for window in _cost_windows(request, now).values():
        window.add(max(1, round(seconds * 1000)))


def cost_limited(view):
    """A costly view: refused (429) past its caller's share of the server's time, and charged what it took.

    Anonymous, it also runs only in one of the machine's slots (armylists.ops.slots), refused 503 with
    Retry-After at once when none is free, and within the time every anonymous request shares a minute
    (COST_LIMITS["anonymous"]). A signed-in request never takes a slot nor waits for one: a flood of
    anonymous readers takes what the players leave, never what they need (docs/deploying.md, "What the
    site does against hostile clients"). Every answer counts, one served from a cache or a 304 too."""

    def run_charged(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if refused := over_cost(request):
            return refused
        started = timer()
        try:
            return view(request, *args, **kwargs)
        finally:
            if getattr(request, "cut_for_time", False):
                drop_connections()  # cut mid-query, its connection takes no other query (timelimit.py)
            charge(request, timer() - started)

    @wraps(view)
    def limited(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if signed_in(request) or getattr(request, "anonymous_slot", None) is not None:  # taken by the handler
            return run_charged(request, *args, **kwargs)
        with slots.slot() as held:
            if not held:
                return no_slot(request)
            return run_charged(request, *args, **kwargs)

    limited.cost_limited = True  # for the handler (armylists.ops.handler), through any decorator's wraps
    return limited


NO_SLOT_RETRY_S = 1


def no_slot(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: every slot for anonymous work is taken (armylists.ops.slots)."""
    if request.path.startswith("/api/"):
        response = JsonResponse({"error": "The site is busy: try again in a second"}, status=503)
    else:
        response = busy(NO_SLOT_RETRY_S, "Many people are reading shared lists just now; "
                                         "signing in skips the queue.")
    response["Retry-After"] = str(NO_SLOT_RETRY_S)
    response.refused = True  # held on the event loop before it is sent (armylists.ops.handler)
    return response


def too_many(request: HttpRequest, retry_after: int) -> HttpResponse:
    message = f"Too many requests of this kind: try again in {retry_after} seconds"
    if request.path.startswith("/api/"):
        response = JsonResponse({"error": message}, status=429)
    else:
        response = render(request, "too_many_requests.html", {"retry_after": retry_after}, status=429)
    response["Retry-After"] = str(retry_after)
    response.refused = True  # held on the event loop before it is sent (armylists.ops.handler)
    return response
