"""A long word wraps in every PDF Muster prints (rosters, campaign sheets, the judges' pack): a rule text of
5,000 characters without a space is printed whole, over as many lines as it takes, never cut at the page's edge."""
from __future__ import annotations

import copy
import re

import pytest

from armylists.printing.pdf import html_to_pdf, roster_pdf
from factions.models import Faction

from .conftest import LISTS, pdf_text

pytestmark = pytest.mark.django_db
# Numbered, so that a word cut anywhere, or printed twice over itself, reads differently.
WORD = "".join(f"{i:04d}" for i in range(1_250))


def printed(text: str) -> str:
    """The long digit runs of a PDF's text, joined: the word as printed, over lines, cells and pages, without the
    page numbers and the cells' words beside it."""
    text = re.sub(r"Page \d+ of \d+", " ", text)
    return "".join(re.findall(r"\d{8,}", "".join(text.split())))


def whole(text: str) -> bool:
    return WORD in printed(text)


def test_a_rule_text_of_5000_characters_without_a_space_is_printed_whole_on_the_roster(make_sheet, tmp_path):
    faction = Faction.objects.get(game__slug="aof-regiments", slug="kingdom")
    faction.rule_texts = [{"name": "Fearless", "text": WORD}]
    faction.save()
    sheet = make_sheet(copy.deepcopy(LISTS["aof-regiments"]))
    assert {t.name: t.description for t in sheet.glossary}["Fearless"] == WORD
    assert whole(pdf_text(roster_pdf(sheet), tmp_path))


@pytest.mark.parametrize("stylesheet, table", [
    ("printing/roster.css", ""),  # a roster has no tables
    ("campaigns/sheet.css", "board"), ("campaigns/sheet.css", "head-fields"),
    ("events/pack.css", ""), ("printing/compact.css", "units"),
])
def test_every_printed_documents_stylesheet_wraps_a_long_word_in_its_text_and_tables(stylesheet, table, tmp_path):
    cells = f'<table class="{table}"><tr><td>Name</td><td>{WORD}</td><td>three</td></tr></table>' \
        if table or stylesheet == "events/pack.css" else f"<p>{WORD}</p>"
    html = (f'<html><head><link rel="stylesheet" href="/static/{stylesheet}"></head><body><p>{WORD}</p>{cells}'
            '</body></html>')
    assert printed(pdf_text(html_to_pdf(html), tmp_path)) == WORD * 2
