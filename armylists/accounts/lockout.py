"""The page for a login that django-axes has locked out (settings: AXES_LOCKOUT_CALLABLE)."""
from __future__ import annotations

from math import ceil

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def locked_out(request: HttpRequest, original_response: HttpResponse | None = None,
               credentials: dict | None = None) -> HttpResponse:
    """429 Too Many Requests, saying how many failures it took and for how long attempts are paused."""
    minutes = ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    return render(request, "registration/locked_out.html",
                  {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes}, status=429)
