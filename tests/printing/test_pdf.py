"""Rosters as PDF, read back with poppler's pdftotext: units, points, options and the verdict."""
from __future__ import annotations

import copy

import pytest

from armylists.printing.pdf import roster_pdf

from .conftest import LISTS, page_size, pdf_pages, pdf_text

pytestmark = pytest.mark.django_db

EXPECTED = {
    # The combined Infantrymen 2 × 100 + spears 2 × 10 + two veterans 2 × 5 = 230; with the Captain's 60 and
    # the other Infantrymen's 100 + banner 5, 395.
    "aof-regiments": ["Ash Vanguard", "Age of Fantasy: Regiments", "Kingdom", "395 / 1500", "LEGAL",
                      "First Cohort", "Infantrymen", "230 pts", "Captain", "60 pts", "JOINED BY",
                      "2× Veteran", "Spears", "Banner", "Quality", "4+", "COMBINED UNIT",
                      "Tough:", "Fearless:"],
    "battleground": ["Hawk Host", "835 / 1000", "LEGAL", "Hawk Militia", "150 pts", "Hawk Knights", "413 pts",
                     "Hill Slingers", "97 pts", "MERCENARY", "ELITE", "CORE", "(3)4/4", "Cavalry:"],
    "dulce-bellum": ["Hold Muster", "435 / 1500", "LEGAL", "Hold Militia", "175 pts", "Champion",
                     "Forge Wyrm", "260 pts", "RARE", "COMMON", "Company", "Unlock points used: 3 of 3"],
    "diskwars": ["Brandt's Host", "NOT LEGAL", "Regiment of Marshal Brandt",
                 "Recruitment points: 8 of 8 spent", "Steam Tank", "6 RP", "Not in a regiment",
                 "Steady Advance, Hold the Line", "See violation 1"],
}


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_a_roster_shows_units_points_options_and_the_verdict(game, make_sheet, tmp_path):
    sheet = make_sheet(LISTS[game], player="marshal")
    text = pdf_text(roster_pdf(sheet), tmp_path)
    # Headings and tags are printed in capitals, so compare ignoring case.
    missing = [s for s in EXPECTED[game] if s.casefold() not in text.casefold()]
    assert missing == [], text
    assert sheet.list_fingerprint in text and sheet.data_fingerprint in text
    assert "marshal" in text and "17 May 2025, 14:30 UTC" in text
    assert ("NOT LEGAL" in text) is (not sheet.legal)


def test_an_illegal_roster_prints_each_violation_with_its_rule(make_sheet, tmp_path):
    document = copy.deepcopy(LISTS["aof-regiments"])
    document["points_limit"] = 300
    sheet = make_sheet(document)
    text = pdf_text(roster_pdf(sheet), tmp_path)
    assert "NOT LEGAL" in text
    for problem in sheet.errors:
        assert problem.message in text and problem.rule in text
        assert problem.code not in text  # the code is for programs (the list file's check), not for the reader


def test_paper_is_a4_or_us_letter(make_sheet, tmp_path):
    sheet = make_sheet(LISTS["battleground"])
    assert "(A4)" in page_size(roster_pdf(sheet, "a4"), tmp_path)
    assert "(letter)" in page_size(roster_pdf(sheet, "letter"), tmp_path)


def test_every_page_has_its_number_and_the_list_name_and_no_card_splits(make_sheet, tmp_path):
    """40 entries fill several pages; each card's first line (its name) and last line (its rules) share a page."""
    document = copy.deepcopy(LISTS["aof-regiments"])
    document["entries"] = [{"id": f"u{i}", "unit": "infantry", "name": f"Cohort {i:02d}",
                            "options": ["spears", "banner"]} for i in range(40)]
    pages = pdf_pages(roster_pdf(make_sheet(document)), tmp_path)
    assert len(pages) > 2
    for number, page in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in page and "Ash Vanguard" in page
        assert page.count("Cohort ") == page.count("Options: Spears") == page.count("Rules: Fearless")
    assert sum(p.count("Cohort ") for p in pages) == 40
