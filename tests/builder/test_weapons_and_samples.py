"""The builder shows what an entry carries after its options (docs/faction-file.md, "Weapons and what
options replace") and marks sample units (Units: notes beginning with "Sample")."""
from __future__ import annotations

import pytest

from factions.models import Option, Unit, data_changed

pytestmark = pytest.mark.django_db


@pytest.fixture
def armed(games):
    infantry = Unit.objects.get(faction__slug="kingdom", slug="infantry")
    infantry.details |= {"weapons": [{"name": "Hand Weapon", "count": 10, "attacks": 1}]}
    infantry.notes = "Sample unit: made up for the test."
    infantry.save()
    spears = Option.objects.get(unit=infantry, slug="spears")
    spears.details |= {"weapons": [{"name": "Spear", "attacks": 1, "rules": ["Counter"]}],
                       "replaces": [{"weapon": "Hand Weapons"}]}
    spears.save()
    data_changed(infantry.faction.game_id)


def test_an_entry_given_spears_shows_spears_and_is_tagged_sample(armed, make_list, alice):
    army_list = make_list("aof-regiments", {"unit": "infantry", "options": ["spears"]}, {"unit": "knights"})
    page = alice.get(army_list.get_absolute_url()).content.decode()
    # The entry shows Spears; Hand Weapons only on the picker's card of the unit, as it comes
    assert "10x Spear (A1, Counter)" in page and page.count("10x Hand Weapon (A1)") == 1
    assert '<span class="tag">Sample</span>' in page


def test_the_picker_shows_the_units_own_weapons(armed, make_list, alice):
    army_list = make_list("aof-regiments", {"unit": "knights"})
    page = alice.get(army_list.get_absolute_url()).content.decode()
    assert page.count("10x Hand Weapon (A1)") == 1 and "Spear (A1" not in page
