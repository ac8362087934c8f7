"""Sheet -> HTML -> PDF with WeasyPrint, fetching nothing but the project's own static files.

The renderer must never make a network request or read a file outside the
static files: a list's name and custom names are typed by users, and a PDF is
rendered on the server. Every URL WeasyPrint asks for goes through
`StaticOnlyFetcher`, which serves `file:///static/<path>` from the static
files finders and refuses everything else (http, https, other file paths,
data: and any other scheme). Fonts come from the system, never from a URL.
"""
from __future__ import annotations

import mimetypes
from pathlib import PurePosixPath
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import SuspiciousFileOperation
from django.template.loader import render_to_string
from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

from .roster import Sheet

TEMPLATE = "printing/roster.html"
# The one-page table card (`?compact=1`): units, stats, weapons, the rules named only, spells.
COMPACT_TEMPLATE = "printing/roster_compact.html"
# Static URLs in the template ("/static/...") are resolved against this base,
# so WeasyPrint asks for "file:///static/..." and the fetcher maps that prefix
# onto the static files, never onto the real /static directory.
BASE_URL = "file:///"
# Each paper's @page size is a static stylesheet (printing/paper-<slug>.css), not
# an inline <style>: the Content Security Policy allows no inline styles.
PAPERS = {"a4": "A4", "letter": "letter"}
DEFAULT_PAPER = "a4"


class RefusedURL(ValueError):
    """A URL outside the project's static files."""


def _static_prefix() -> str:
    return "/" + settings.STATIC_URL.strip("/") + "/"


def static_path(url: str) -> str:
    """The static file path of an allowed URL (e.g. "printing/roster.css"), or RefusedURL."""
    parts = urlsplit(url)
    prefix = _static_prefix()
    if parts.scheme != "file" or parts.netloc or parts.query or parts.fragment:
        raise RefusedURL(f"refused {url!r}: only the project's static files are served")
    path = unquote(parts.path)
    if not path.startswith(prefix):
        raise RefusedURL(f"refused {url!r}: not under {prefix}")
    relative = path[len(prefix):]
    pieces = PurePosixPath(relative).parts
    if not relative or "\\" in relative or any(p in ("..", ".") for p in pieces) or relative.startswith("/"):
        raise RefusedURL(f"refused {url!r}: not a plain static path")
    return relative


class StaticOnlyFetcher(URLFetcher):
    """WeasyPrint's URL fetcher, cut down to the static files; it never opens a connection."""

    def __init__(self):
        super().__init__(allowed_protocols=("file",), allow_redirects=False)
        self.requested: list[str] = []

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        self.requested.append(url)
        relative = static_path(url)
        try:
            found = finders.find(relative)
        except SuspiciousFileOperation:
            found = None
        if not found:
            raise RefusedURL(f"refused {url!r}: no such static file")
        content_type = mimetypes.guess_type(relative)[0] or "application/octet-stream"
        with open(found, "rb") as handle:
            body = handle.read()
        return URLFetcherResponse(url, body, {"Content-Type": content_type})


def paper_of(value: str | None) -> str:
    """A paper slug from user input: "a4" or "letter"; anything else is A4."""
    value = (value or "").strip().lower()
    return value if value in PAPERS else DEFAULT_PAPER


def compact_of(value: str | None) -> bool:
    """Whether a request asks for the table card (`?compact=1`); anything else is the full roster."""
    return (value or "").strip() == "1"


def render_html(sheet: Sheet, paper: str = DEFAULT_PAPER, *, preview: bool = False, compact: bool = False) -> str:
    return render_to_string(COMPACT_TEMPLATE if compact else TEMPLATE,
                            {"sheet": sheet, "paper_stylesheet": f"printing/paper-{paper_of(paper)}.css",
                             "preview": preview})


def html_to_pdf(html: str, fetcher: URLFetcher | None = None) -> bytes:
    fetcher = fetcher or StaticOnlyFetcher()
    return HTML(string=html, base_url=BASE_URL, url_fetcher=fetcher).write_pdf()


def roster_pdf(sheet: Sheet, paper: str = DEFAULT_PAPER, fetcher: URLFetcher | None = None, *,
               compact: bool = False) -> bytes:
    return html_to_pdf(render_html(sheet, paper, compact=compact), fetcher)
