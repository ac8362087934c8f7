"""The Content Security Policy's nonce in templates."""
from __future__ import annotations

from django.http import HttpRequest


def nonce(request: HttpRequest) -> dict[str, object]:
    """`csp_nonce`, the name django-htmx's script tags read; django-csp's own processor calls it CSP_NONCE.

    The nonce is made (and added to the header) only if a template uses it.
    """
    return {"csp_nonce": getattr(request, "csp_nonce", "")}
