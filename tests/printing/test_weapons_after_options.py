"""Every place that shows an entry shows what it carries after its options (docs/faction-file.md, "Weapons
and what options replace"): a unit given Spears no longer shows its Hand Weapons on the roster's card."""
from __future__ import annotations

import copy

import pytest

from tests.factories import kingdom, unit_of

from .conftest import LISTS
from .test_sheets import by_id

pytestmark = pytest.mark.django_db

ARMED = kingdom()
INFANTRY = unit_of(ARMED, "infantry")
INFANTRY["stats"].pop("equipment")
INFANTRY["weapons"] = [{"name": "Hand Weapon", "count": 10, "attacks": 1}]
INFANTRY["options"][0] |= {"weapons": [{"name": "Spear", "attacks": 1, "rules": ["Counter"]}],
                           "replaces": [{"weapon": "Hand Weapons"}]}


@pytest.fixture
def armed(monkeypatch):
    from . import conftest
    monkeypatch.setitem(conftest.FACTIONS, "aof-regiments", ARMED)


def test_a_combined_unit_given_spears_prints_twenty_spears_and_no_hand_weapons(armed, make_sheet):
    card = by_id(make_sheet(LISTS["aof-regiments"]))["e1"]  # combined, with spears
    assert ("Weapons", "20x Spear (A1, Counter)") in [(s.label, s.value) for s in card.stats]
    assert "Hand Weapon" not in " ".join(s.value for s in card.stats)


def test_without_the_option_it_prints_its_own_weapons(armed, make_sheet):
    document = copy.deepcopy(LISTS["aof-regiments"])
    document["entries"][0]["options"] = []
    card = by_id(make_sheet(document))["e1"]
    assert ("Weapons", "20x Hand Weapon (A1)") in [(s.label, s.value) for s in card.stats]
