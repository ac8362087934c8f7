"""The address a request came from, for lockouts (django-axes), rate limits and the log.

REMOTE_ADDR is the address of whoever opened the connection. Behind a proxy
that is the proxy, and the client's address is the one the proxy appended to
X-Forwarded-For. The header is believed only on a connection from one of
settings.TRUSTED_PROXIES (exact addresses, e.g. 127.0.0.1 for a proxy on the
same machine): a client that reaches the site directly writes what it likes
there. Read from the right, the first address that is not a trusted proxy's
is the client; addresses further left were written by the client.
"""
from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    remote = request.META.get("REMOTE_ADDR", "") or ""
    trusted = settings.TRUSTED_PROXIES
    if remote not in trusted:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    for address in reversed(forwarded):
        if address not in trusted:
            return address
    return remote
