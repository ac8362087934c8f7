"""An imported Army Forge unit with its options costs in Muster what the book's data says (the unit's cost
plus each option's cost for that unit), checked through `checklist`; a combined unit pays twice for
all-models upgrades (AoF Regiments, Combined Units)."""
from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from .armyforge_book import book

pytestmark = pytest.mark.django_db


@pytest.fixture
def riverfolk(tmp_path):
    path = tmp_path / "book.json"
    path.write_text(json.dumps(book()))
    call_command("import_factions", "--army-forge", "aof-regiments", str(path))


def checked(tmp_path, capsys, *entries):
    path = tmp_path / "list.json"
    path.write_text(json.dumps({"format": "armylists/list@1", "game": "aof-regiments", "faction": "riverfolk-leagues",
                                "points_limit": 2000, "entries": list(entries)}))
    capsys.readouterr()
    with pytest.raises(SystemExit):
        call_command("checklist", str(path), "--json")
    return json.loads(capsys.readouterr().out)


def test_a_unit_with_its_options_costs_what_army_forge_says(riverfolk, tmp_path, capsys):
    # Oarsmen 100 + Spears 15 (their cost for Oarsmen) + Sergeant 5 + Ropes 5 + Poles 10
    report = checked(tmp_path, capsys, {"id": "a", "unit": "oarsmen",
                                        "options": ["spear", "sergeant", "ropes", "poles"]},
                     {"id": "b", "unit": "reed-sage", "options": ["trident", "giant-heron"]})
    assert report["points"] == 100 + 15 + 5 + 5 + 10 + 70 + 10 + 30
    assert report["legal"] is True


def test_the_smaller_unit_pays_its_own_price_for_the_same_option(riverfolk, tmp_path, capsys):
    report = checked(tmp_path, capsys, {"id": "a", "unit": "oarsmen-2", "options": ["spear"]})
    assert report["points"] == 55 + 10


def test_a_combined_unit_pays_all_models_upgrades_twice(riverfolk, tmp_path, capsys):
    report = checked(tmp_path, capsys, {"id": "a", "unit": "oarsmen", "combined": True,
                                        "options": ["spear", "banner", "throwing-net", "throwing-net"]})
    assert report["points"] == 200 + 2 * 15 + 5 + 5 + 5


def test_two_replacements_of_the_same_weapon_are_a_violation_not_bad_input(riverfolk, tmp_path, capsys):
    report = checked(tmp_path, capsys, {"id": "a", "unit": "oarsmen", "options": ["spear", "throwing-net"]})
    assert [v["code"] for v in report["violations"]] == ["weapon-replaced-twice"]


def test_an_upgrade_with_one_section_takes_only_one(riverfolk, tmp_path, capsys):
    report = checked(tmp_path, capsys, {"id": "a", "unit": "reed-sage", "options": ["giant-heron", "river-turtle"]})
    assert [v["code"] for v in report["violations"]] == ["option-group"]


def test_a_casters_roster_card_lists_the_books_spells(riverfolk):
    import datetime as dt

    from armylists.checking.check import check_document
    from armylists.printing.roster import build_sheet

    document = {"format": "armylists/list@1", "game": "aof-regiments", "faction": "riverfolk-leagues",
                "points_limit": 2000, "entries": [{"id": "a", "unit": "reed-sage"}, {"id": "b", "unit": "oarsmen"}]}
    sheet = build_sheet(check_document(document), player=None, checked_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    sage, oarsmen = sheet.cards
    assert ("Spells", "Mist Veil (1), Tide Surge (2)") in [(d.label, d.value) for d in sage.details]
    assert "Spells" not in [d.label for d in oarsmen.details]
    assert ("Weapons", "Staff (A2, AP(1))") in [(s.label, s.value) for s in sage.stats]
