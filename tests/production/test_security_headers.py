"""Every response carries a Content Security Policy and the headers `check --deploy` asks for;
no template has an inline script, style or event handler the policy would refuse."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from armylists.ops import gunicorn

ROOT = Path(__file__).resolve().parents[2]
# Muster's own templates: the project folder and its apps (not the virtualenv that may sit beside them).
TEMPLATES = sorted((ROOT / "templates").rglob("*.html")) + sorted(
    path for app in ("armylists", "factions") for path in (ROOT / app).glob("**/templates/**/*.html"))

pytestmark = pytest.mark.django_db


def directives(response) -> dict[str, list[str]]:
    policy = response["Content-Security-Policy"]
    return {name: values for name, *values in (part.split() for part in policy.split(";") if part.strip())}


def test_pages_allow_only_the_sites_own_scripts_and_styles_and_those_with_this_pages_nonce():
    response = Client().get("/")
    policy = directives(response)
    [nonce] = set(re.findall(r'nonce="([^"]+)"', response.content.decode()))
    for kind in ("script-src", "style-src"):
        assert policy[kind] == ["'self'", f"'nonce-{nonce}'"]
    assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"] and policy["base-uri"] == ["'none'"]


def test_each_page_gets_a_new_nonce():
    first, second = (re.search(r"'nonce-([^']+)'", Client().get("/")["Content-Security-Policy"]).group(1)
                     for _ in range(2))
    assert first != second


def test_the_other_security_headers_are_sent():
    response = Client().get("/")
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


def test_json_and_pdf_answers_carry_the_policy_too():
    response = Client().post("/api/check", data=b"{", content_type="application/json")
    assert "default-src 'self'" in response["Content-Security-Policy"]


def htmx_config() -> dict:
    page = Client().get("/").content.decode()
    return json.loads(re.search(r'<meta name="htmx-config" content=\'([^\']*)\'>', page).group(1))


def test_htmx_is_told_not_to_inject_its_indicator_style():
    assert htmx_config()["includeIndicatorStyles"] is False


def test_htmx_gives_up_a_request_before_the_server_does_so_a_phone_can_say_so_and_retry():
    """docs/deploying.md, What the site does against hostile clients (A retried edit): an edit with no answer is
    given up and may be retried (its edit key makes that safe)."""
    assert 0 < htmx_config()["timeout"] < gunicorn.timeout * 1000


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*\bnonce=)[^>]*>", re.I)
INLINE_STYLE = re.compile(r"<style(?![^>]*\bnonce=)[^>]*>", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[a-z][^>]*\sstyle\s*=", re.I)
HANDLER_ATTRIBUTE = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I)
JAVASCRIPT_URL = re.compile(r"""(href|src|action)\s*=\s*["']?\s*javascript:""", re.I)
# htmx runs these from strings (event filters, hx-on, js: values), which the policy refuses too.
HTMX_EVAL = re.compile(r"""hx-trigger\s*=\s*["'][^"']*\[|hx-on[:-]|hx-(vals|vars)\s*=\s*["']\s*js:""", re.I)
TEMPLATE_COMMENT = re.compile(r"{#.*?#}|{% comment %}.*?{% endcomment %}", re.S)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_has_inline_script_style_or_handler_the_policy_would_refuse(template):
    text = TEMPLATE_COMMENT.sub("", template.read_text(encoding="utf-8"))
    for pattern in (INLINE_SCRIPT, INLINE_STYLE, STYLE_ATTRIBUTE, HANDLER_ATTRIBUTE, JAVASCRIPT_URL, HTMX_EVAL):
        assert not pattern.search(text), f"{template.name}: {pattern.search(text).group(0)}"


def test_the_template_scan_finds_what_it_looks_for():
    bad = ['<script>alert(1)</script>', '<style>p{}</style>', '<div style="x">', '<button onclick="x()">',
           '<a href="javascript:x()">', '<details hx-trigger="toggle[this.open]">']
    patterns = (INLINE_SCRIPT, INLINE_STYLE, STYLE_ATTRIBUTE, HANDLER_ATTRIBUTE, JAVASCRIPT_URL, HTMX_EVAL)
    assert all(pattern.search(text) for pattern, text in zip(patterns, bad, strict=True))
    good = ('<script src="/static/x.js" defer></script><script nonce="{{ csp_nonce }}">x</script><p class="on">'
            '<div hx-trigger="change, keyup changed delay:250ms from:#unit-search">')
    assert not any(pattern.search(good) for pattern in patterns)
