"""Answers anyone may keep: an anonymous reader's shared list and its roster, with validators and Cache-Control.

An anonymous answer of a shared page is the same for every reader until its content changes, so it carries an
ETag made from that content's fingerprint (the list's, its unit data's version, the page's layout) and
`Cache-Control: public, max-age=settings.SHARED_MAX_AGE_S`: the browser asks again with If-None-Match and is
answered 304 before any work, and the proxy in front may keep it and answer the next readers itself
(docs/deploying.md, "The proxy in front"). Such an answer sets no cookie (a kept answer would hand one
reader's cookie to the next). A signed-in reader's answer shows who they are: `private, no-store`, no ETag.
"""
from __future__ import annotations

import hashlib

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control

from armylists.ops.ratelimit import signed_in


def etag_of(*fingerprint: object) -> str:
    return '"' + hashlib.sha256(repr(fingerprint).encode()).hexdigest()[:32] + '"'


def unchanged(request: HttpRequest, etag: str) -> HttpResponse | None:
    """The 304 for an anonymous reader whose copy has this ETag (If-None-Match); else None."""
    if signed_in(request):
        return None
    answer = get_conditional_response(request, etag=etag)
    return None if answer is None else kept_by_anyone(request, answer, etag)


def kept_by_anyone(request: HttpRequest, response: HttpResponse, etag: str) -> HttpResponse:
    """The answer, marked as one anyone may keep if its reader is anonymous, else as one nobody else may."""
    if signed_in(request):
        patch_cache_control(response, private=True, no_store=True)
        return response
    response["ETag"] = etag
    patch_cache_control(response, public=True, max_age=settings.SHARED_MAX_AGE_S)
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = False  # no cookie: see the module's docstring
    return response
