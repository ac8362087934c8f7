"""The OPR lists' 1.1 fields at the boundary: `copies_of` from the unit data, and `mixed_armies`
left to the game's own default when a list omits it."""
from __future__ import annotations

from pathlib import Path

import pytest

from armylists.checking.check import check_document
from factions.importer import import_file
from tests.factories import list_file

pytestmark = pytest.mark.django_db

DEMO = Path(__file__).resolve().parents[2] / "factions" / "data" / "demo"


def opr_list(game: str, faction: str, *entries: dict, **settings) -> dict:
    return list_file(game, *entries, faction=faction, **{"points_limit": 1500, **settings})


def codes(data: dict) -> list[str]:
    return [v.code for v in check_document(data).report.violations]


def test_the_demo_infantrymen_detachment_is_a_size_of_infantrymen():
    import_file(DEMO / "aof-regiments.json")
    [detachment] = [e.unit for e in check_document(opr_list(
        "aof-regiments", "human-empire", {"unit": "infantrymen-detachment"})).army.entries]
    assert detachment.copies_of == "infantrymen"


def test_five_of_the_same_troops_at_1500_are_too_many_copies_whatever_their_size():
    # AoF Regiments, Force Organisation (Optional): "Only 1+X copies of the same unit, where X is 1 per 750pts";
    # its example: max. 3 at 1500.
    import_file(DEMO / "aof-regiments.json")
    troops = [{"unit": "infantrymen"}] * 3 + [{"unit": "infantrymen-detachment"}] * 2
    assert "too-many-copies" in codes(opr_list("aof-regiments", "human-empire", *troops))
    assert "too-many-copies" not in codes(opr_list("aof-regiments", "human-empire", *troops[1:4]))


def test_regiments_mixes_factions_freely_when_the_list_does_not_say():
    # AoF Regiments, Preparing your Army: an army "from one or more armies"; the game's default_mixed_armies is free.
    import_file(DEMO / "aof-regiments.json")
    data = opr_list("aof-regiments", "human-empire", {"unit": "infantrymen"},
                    {"unit": "zombies", "faction": "cursed-dead"})
    assert check_document(data).army.mixed_armies is None
    assert "wrong-faction" not in codes(data)


def test_skirmish_takes_one_faction_when_the_list_does_not_say():
    # AoF Skirmish, Preparing your Army: "select units and upgrades from your army's list";
    # default_mixed_armies is single.
    import_file(DEMO / "aof-skirmish.json")
    data = opr_list("aof-skirmish", "human-empire", {"unit": "infantrymen"},
                    {"unit": "zombies", "faction": "cursed-dead"}, points_limit=250)
    [violation] = [v for v in check_document(data).report.violations if v.code == "wrong-faction"]
    assert "cursed-dead" not in violation.message and "Cursed Dead" in violation.message
    assert "wrong-faction" not in codes({**data, "mixed_armies": "free"})
