"""The migration that moved an option's game-specific columns into `details` keeps every value, both ways
(docs/architecture.md, "A game is one package")."""
from __future__ import annotations

import pytest

from .migrating import migrated, migrating

BEFORE, AFTER = ("factions", "0010_choices_declared_by_the_games"), ("factions", "0011_option_details")


@pytest.mark.django_db(transaction=True)
def test_the_columns_move_into_details_and_back():
    with migrating():
        old = migrated(BEFORE)
        game = old.get_model("factions", "GameSystem").objects.create(slug="a-game", name="A game")
        faction = old.get_model("factions", "Faction").objects.create(game=game, slug="f", name="F")
        unit = old.get_model("factions", "Unit").objects.create(faction=faction, slug="u", name="U")
        options = old.get_model("factions", "Option").objects
        options.create(unit=unit, slug="spears", name="Spears", cost=5, group="g", scope="all_models",
                       weapons=[{"name": "Spear", "attacks": 1, "rules": ["Counter"]}],
                       replaces=[{"weapon": "Hand Weapons"}], rules=["Counter"], army_forge_id="aBc")
        options.create(unit=unit, slug="banner", name="Banner", scope="model", command="banner")
        options.create(unit=unit, slug="plain", name="Plain", cost=10, scope="unit")  # OPR's default scope
        options.create(unit=unit, slug="other-game", name="Other game's", cost=-5)

        new = migrated(AFTER)
        rows = new.get_model("factions", "Option").objects
        assert dict(rows.values_list("slug", "details")) == {
            "spears": {"scope": "all_models", "weapons": [{"name": "Spear", "attacks": 1, "rules": ["Counter"]}],
                       "replaces": [{"weapon": "Hand Weapons"}], "rules": ["Counter"], "army_forge_id": "aBc"},
            "banner": {"scope": "model", "command": "banner"},
            "plain": {},
            "other-game": {},
        }
        assert rows.get(slug="spears").group == "g" and rows.get(slug="other-game").cost == -5

        back = migrated(BEFORE).get_model("factions", "Option").objects
        spears, banner, plain = back.get(slug="spears"), back.get(slug="banner"), back.get(slug="plain")
        assert (spears.scope, spears.command, spears.weapons, spears.replaces, spears.rules, spears.army_forge_id) == (
            "all_models", "", [{"name": "Spear", "attacks": 1, "rules": ["Counter"]}], [{"weapon": "Hand Weapons"}],
            ["Counter"], "aBc")
        assert (banner.scope, banner.command) == ("model", "banner")
        # The default scope comes back as the column's empty value, which every reader took for "unit" alike.
        assert (plain.scope, plain.command, plain.weapons, plain.rules, plain.army_forge_id) == ("", "", [], [], "")
