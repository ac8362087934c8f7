"""The renderer fetches nothing outside the static files, and prints what users typed as text."""
from __future__ import annotations

import copy
import socket

import pytest

from armylists.printing.pdf import RefusedURL, StaticOnlyFetcher, render_html, roster_pdf

from .conftest import LISTS, pdf_text

HOSTILE = '<img src="http://127.0.0.1:9/x"><link rel=stylesheet href="file:///etc/passwd">'


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:9/x",
    "https://example.com/roster.css",
    "file:///etc/passwd",
    "file:///static/../etc/passwd",
    "file:///static/printing/../../../../etc/passwd",
    "file:///static/%2e%2e/%2e%2e/etc/passwd",
    "file://example.com/static/printing/roster.css",
    "file:///static/printing/roster.css?x=1",
    "file:///static/no-such-file.css",
    "file:///static/",
    "data:text/css,body{color:red}",
    "ftp://127.0.0.1/x",
    "gopher://127.0.0.1:9/x",
    "/static/printing/roster.css",
])
def test_the_fetcher_refuses_anything_but_a_static_file(url):
    with pytest.raises(RefusedURL):
        StaticOnlyFetcher()(url)


def test_the_fetcher_serves_the_roster_stylesheet_from_static_files():
    response = StaticOnlyFetcher()("file:///static/printing/roster.css")
    assert response.content_type == "text/css"
    assert b"break-inside: avoid" in response.read()


class SpyFetcher(StaticOnlyFetcher):
    """Records every URL WeasyPrint asks for (the base class already does) and what it refused."""

    def __init__(self):
        super().__init__()
        self.refused: list[str] = []

    def fetch(self, url, headers=None):
        try:
            return super().fetch(url, headers)
        except RefusedURL:
            self.refused.append(url)
            raise


@pytest.fixture
def hostile_sheet(make_sheet):
    document = copy.deepcopy(LISTS["aof-regiments"])
    document["name"] = HOSTILE
    document["entries"][0]["name"] = HOSTILE
    return make_sheet(document, player=HOSTILE)


@pytest.mark.django_db
def test_a_hostile_list_name_is_escaped_in_the_html(hostile_sheet):
    html = render_html(hostile_sheet)
    assert HOSTILE not in html
    assert "&lt;img src=&quot;http://127.0.0.1:9/x&quot;&gt;" in html
    assert 'href="file:///etc/passwd"' not in html


@pytest.mark.django_db
def test_rendering_a_hostile_list_asks_only_for_static_files(hostile_sheet, monkeypatch):
    connections = []
    monkeypatch.setattr(socket.socket, "connect", lambda self, address: connections.append(address))
    fetcher = SpyFetcher()
    roster_pdf(hostile_sheet, fetcher=fetcher)
    assert fetcher.requested == ["file:///static/printing/roster.css", "file:///static/printing/paper-a4.css"]
    assert fetcher.refused == []
    assert connections == []


@pytest.mark.django_db
def test_a_hostile_list_name_prints_as_its_literal_text(hostile_sheet, tmp_path):
    text = pdf_text(roster_pdf(hostile_sheet), tmp_path)
    # pdftotext may break the long name across lines; white space is made single spaces.
    assert HOSTILE in text
