"""What a response may not hold when the world (xss_world.py) is shown: the checks of tests/production/test_xss.py.

An HTML page is parsed as a browser would: a payload is safe when it is text (escaped), unsafe when it made
an element, an event handler or a javascript: URL. A PDF is read back with pdftotext (as tests/printing does).
Headers never carry a CR/LF, and a file name is made of slugs and numbers only.
"""
from __future__ import annotations

import re
import subprocess
from html.parser import HTMLParser
from io import BytesIO

from pypdf import PdfReader

from .xss_world import TAGS, hostile

URL_ATTRIBUTES = {"href", "src", "action", "formaction", "hx-get", "hx-post", "hx-put", "hx-patch", "hx-delete",
                  "poster", "srcset", "data", "cite"}
# A file name is made of slugs and numbers: never a quote, a CR/LF or anything a header could be broken with.
SAFE_DISPOSITION = re.compile(r'^(attachment|inline); filename="[A-Za-z0-9._-]+"$')
TAG = re.compile(r"q\d\d")
# Each payload without its white space: pdftotext and display names break or fold lines.
PAYLOADS = {tag: re.sub(r"\s", "", hostile(tag)) for tag in TAGS}


class Page(HTMLParser):
    """An HTML response's text (escaped text and attribute values, as a browser reads them) and what in it
    could run: an event handler attribute, a javascript: URL, an <img src=x>, a script holding a payload."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.problems: list[str] = []
        self._in_script = False
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = value or ""
            if name.startswith(("on", "hx-on")):
                self.problems.append(f"<{tag} {name}={value!r}>")
            if name in URL_ATTRIBUTES and value.strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {name}={value!r}>")
            self.text.append(value)
        if tag == "img" and dict(attrs).get("src") == "x":
            self.problems.append("<img src=x>")
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script and TAG.search(data):
            self.problems.append(f"<script>{data}</script>")
        self.text.append(data)


def shown(text: str) -> set[str]:
    """The tags whose whole payload is in `text` as its literal characters (white space aside)."""
    flat = re.sub(r"\s", "", text)
    return {tag for tag, payload in PAYLOADS.items() if payload in flat}


def pdf_check(pdf: bytes, tmp_path) -> set[str]:
    """The tags a PDF prints literally; fails if a payload became a link."""
    for page in PdfReader(BytesIO(pdf)).pages:
        for annotation in page.get("/Annots") or []:
            uri = str(annotation.get_object().get("/A", {}).get("/URI", ""))
            assert not TAG.search(uri) and "javascript" not in uri.lower(), uri
    path = tmp_path / "page.pdf"
    path.write_bytes(pdf)
    return shown(subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout)


def check_response(response, tmp_path) -> set[str]:
    """Assert a response is safe; the tags it shows as literal text."""
    for header, value in response.items():
        assert "\r" not in value and "\n" not in value, (header, value)
        if header.lower() == "content-disposition":
            assert SAFE_DISPOSITION.match(value), value
        if header.lower() == "location":
            assert not re.search(r"[<>\"']", value), value
    content_type = response.get("Content-Type", "")
    if content_type.startswith("application/pdf"):
        return pdf_check(response.content, tmp_path)
    body = response.content.decode()
    if not content_type.startswith("text/html"):
        # JSON, CSV and text files hold what was typed as it was typed; no browser may read them as HTML.
        assert response.get("X-Content-Type-Options") == "nosniff", content_type
        return shown(body)
    assert not re.search(r"<script>q\d\d|<img src=x", body, re.I)
    page = Page(body)
    assert page.problems == []
    return shown(" ".join(page.text))
