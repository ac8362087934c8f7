"""The address a request came from, for lockouts (django-axes) and the log.

Behind proxies, REMOTE_ADDR is the nearest proxy's address: a lockout by
address would lock out everyone at once. With FORWARDED_FOR_PROXIES=N (the
number of proxies in front of the site, each appending the address it was
reached from to X-Forwarded-For), the client is the Nth address from the right
of that header; addresses further left were written by the client and are not
believed.
"""
from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    proxies = settings.FORWARDED_FOR_PROXIES
    remote = request.META.get("REMOTE_ADDR", "") or ""
    if not proxies:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    # Fewer addresses than proxies: the request did not come through all of them.
    return forwarded[-proxies] if len(forwarded) >= proxies else remote
