"""The migration that moved a unit's game-specific columns into `details` keeps every value, both ways
(docs/architecture.md, "A game is one package")."""
from __future__ import annotations

import pytest

from .migrating import migrated, migrating

BEFORE, AFTER = ("factions", "0006_armyforge_weapons"), ("factions", "0007_unit_details")


@pytest.mark.django_db(transaction=True)
def test_the_columns_move_into_details_and_back():
    with migrating():
        old = migrated(BEFORE)
        game = old.get_model("factions", "GameSystem").objects.create(slug="a-game", name="A game")
        faction = old.get_model("factions", "Faction").objects.create(game=game, slug="f", name="F")
        units = old.get_model("factions", "Unit").objects
        units.create(faction=faction, slug="opr", name="Opr", cost=0, model_count=10, hero=True, copies_of="x",
                     weapons=[{"name": "Spear", "count": 10}])
        units.create(faction=faction, slug="disk", name="Disk", kind="troop", size="small", elite=0,
                     recruitment_cost=3, race="Elf")
        units.create(faction=faction, slug="caster", name="Caster", rarity="rare", fixed_spell="fireball")
        units.create(faction=faction, slug="counted", name="Counted", rarity="common", spellcaster=2,
                     unit_class="core", mercenary=False, keywords=["Cavalry"])

        new = migrated(AFTER)
        details = dict(new.get_model("factions", "Unit").objects.values_list("slug", "details"))
        assert details == {
            "opr": {"cost": 0, "models": 10, "hero": True, "copies_of": "x",  # a cost of 0 is a cost
                    "weapons": [{"name": "Spear", "count": 10}]},
            "disk": {"kind": "troop", "size": "small", "recruitment_cost": 3, "race": "Elf"},  # elite 0: the default
            "caster": {"rarity": "rare", "spellcaster": "fireball"},  # Spellcaster(<spell>)
            "counted": {"rarity": "common", "spellcaster": 2, "class": "core", "keywords": ["Cavalry"]},
        }

        back = migrated(BEFORE).get_model("factions", "Unit").objects
        caster, counted = back.get(slug="caster"), back.get(slug="counted")
        assert (caster.fixed_spell, caster.spellcaster, counted.spellcaster, counted.fixed_spell) == (
            "fireball", None, 2, "")
        assert back.get(slug="opr").model_count == 10 and back.get(slug="disk").recruitment_cost == 3
