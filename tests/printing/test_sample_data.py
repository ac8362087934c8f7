"""Sample data says so wherever a player meets it (docs/faction-file.md, Units: a unit whose notes begin with
"Sample" is made up): the picker, the entry, the roster card and its stamp, the text export and a frozen
submission. A list of invented costs never prints as a plain "LEGAL"."""
from __future__ import annotations

import pytest

from armylists.builder.textexport import list_text
from armylists.builder.unitcards import unit_tags
from armylists.checking.check import check_document
from armylists.games.registry import game_home
from armylists.printing.pdf import render_html
from tests.factories import kingdom, unit_of

from .conftest import LISTS
from .test_sheets import by_id

pytestmark = pytest.mark.django_db

WITH_SAMPLE = kingdom()
unit_of(WITH_SAMPLE, "captain")["notes"] = "Sample unit: made up for the test."


@pytest.fixture
def sample(monkeypatch):
    from . import conftest
    monkeypatch.setitem(conftest.FACTIONS, "aof-regiments", WITH_SAMPLE)


def test_the_picker_tags_a_sample_unit():
    assert "Sample" in unit_tags(game_home("aof-regiments"), {"notes": "Sample unit: made up", "models": 1})
    assert "Sample" not in unit_tags(game_home("aof-regiments"), {"notes": "From the rulebook", "models": 1})


def test_the_roster_marks_the_sample_unit_and_its_stamp_says_sample_data(sample, make_sheet):
    sheet = make_sheet(LISTS["aof-regiments"])
    cards = by_id(sheet)
    assert "Sample" in cards["e2"].tags and "Sample" not in cards["e1"].tags
    assert sheet.legal and sheet.sample_data
    html = render_html(sheet)
    assert "LEGAL &middot; SAMPLE DATA" in html or "LEGAL · SAMPLE DATA" in html
    assert 'data-testid="sample-note"' in html


def test_a_list_of_book_units_prints_a_plain_stamp(make_sheet):
    sheet = make_sheet(LISTS["aof-regiments"])
    assert not sheet.sample_data and "SAMPLE DATA" not in render_html(sheet)


def test_the_builders_entry_tags_and_text_export_say_sample(sample, factions):
    checked = check_document(LISTS["aof-regiments"])
    captain = checked.army.entry("e2")
    assert "Sample" in game_home("aof-regiments").builder.entry_tags(captain.unit, captain, {})
    text = list_text(checked, name="Ash Vanguard", game_name="AoF Regiments", faction_name="Kingdom")
    assert "legal (uses sample data)" in text
