"""The migrations that moved a faction's own columns and command cards, a unit's sizes and a game's grimoires
and spells into `details` keep every value and its order, both ways (docs/architecture.md, "A game is one
package")."""
from __future__ import annotations

import pytest

from .migrating import migrated, migrating

BEFORE, AFTER = ("factions", "0010_choices_declared_by_the_games"), ("factions", "0014_game_details")


def old_library(old) -> None:
    """A library of every kind of row that moves, each kind with two rows given out of their order (by their
    ids: the historical models of one state may be rendered apart)."""
    models = {m.__name__: m for m in old.get_app_config("factions").get_models()}
    model = lambda name: models[name].objects  # noqa: E731
    game = model("GameSystem").create(slug="a-game", name="A game")
    dark = model("Grimoire").create(game_id=game.pk, slug="dark", name="Dark Magic", position=7)
    battle = model("Grimoire").create(game_id=game.pk, slug="battle", name="Battle Magic", position=2)
    model("Spell").create(grimoire_id=battle.pk, slug="fireball", name="Fireball", difficulty="8+", text="Fire.",
                          position=5)
    model("Spell").create(grimoire_id=battle.pk, slug="charge", name="Charge!", basic=True, difficulty="7+", position=1)
    model("Spell").create(grimoire_id=dark.pk, slug="hex", name="Hex", position=0)
    holds = model("Faction").create(game_id=game.pk, slug="holds", name="Holds", alignment="order",
                                    spells=[{"slug": "mist", "name": "Mist Veil", "threshold": 1}],
                                    army_forge={"book": "B1", "version": "3.5.2", "game_system": "aofr"})
    holds.grimoires.set([dark, battle])
    model("Faction").create(game_id=game.pk, slug="plain", name="Plain")
    model("CommandCard").create(faction_id=holds.pk, slug="hold", title="Hold the Line", alignment_only="order",
                                text="Order only.", position=3)
    model("CommandCard").create(faction_id=holds.pk, slug="steady", title="Steady Advance", position=1)
    unit = model("Unit").create(faction_id=holds.pk, slug="warriors", name="Warriors", details={"rarity": "common"})
    model("UnitSize").create(unit_id=unit.pk, size="squad", points=150, position=4)
    model("UnitSize").create(unit_id=unit.pk, size="single", points=90, morale=7, position=0)


@pytest.mark.django_db(transaction=True)
def test_the_rows_and_columns_move_into_details_and_back():
    with migrating():
        old_library(migrated(BEFORE))

        new = migrated(AFTER)
        model = lambda name: new.get_model("factions", name).objects  # noqa: E731
        assert model("GameSystem").get(slug="a-game").details == {"grimoires": [
            {"slug": "battle", "name": "Battle Magic", "spells": [
                {"slug": "charge", "name": "Charge!", "basic": True, "difficulty": "7+"},
                {"slug": "fireball", "name": "Fireball", "difficulty": "8+", "text": "Fire."}]},
            {"slug": "dark", "name": "Dark Magic", "spells": [{"slug": "hex", "name": "Hex"}]}]}
        assert dict(model("Faction").values_list("slug", "details")) == {
            "holds": {"alignment": "order", "grimoires": ["battle", "dark"],
                      "command_cards": [{"slug": "steady", "title": "Steady Advance"},
                                        {"slug": "hold", "title": "Hold the Line", "alignment_only": "order",
                                         "text": "Order only."}],
                      "spells": [{"slug": "mist", "name": "Mist Veil", "threshold": 1}],
                      "army_forge": {"book": "B1", "version": "3.5.2", "game_system": "aofr"}},
            "plain": {}}
        assert model("Unit").get().details == {"rarity": "common", "sizes": [
            {"size": "single", "points": 90, "morale": 7}, {"size": "squad", "points": 150}]}

        back = migrated(BEFORE)
        model = lambda name: back.get_model("factions", name).objects  # noqa: E731
        grimoires = model("Grimoire").order_by("position")
        assert [(g.slug, g.name) for g in grimoires] == [("battle", "Battle Magic"), ("dark", "Dark Magic")]
        assert [(s.grimoire.slug, s.slug, s.name, s.basic, s.difficulty, s.text)
                for s in model("Spell").order_by("grimoire__position", "position")] == [
            ("battle", "charge", "Charge!", True, "7+", ""), ("battle", "fireball", "Fireball", False, "8+", "Fire."),
            ("dark", "hex", "Hex", False, "", "")]
        holds = model("Faction").get(slug="holds")
        assert (holds.alignment, holds.spells, holds.army_forge) == (
            "order", [{"slug": "mist", "name": "Mist Veil", "threshold": 1}],
            {"book": "B1", "version": "3.5.2", "game_system": "aofr"})
        assert sorted(holds.grimoires.values_list("slug", flat=True)) == ["battle", "dark"]
        assert [(c.slug, c.title, c.alignment_only, c.text) for c in holds.command_cards.order_by("position")] == [
            ("steady", "Steady Advance", "", ""), ("hold", "Hold the Line", "order", "Order only.")]
        plain = model("Faction").get(slug="plain")
        assert (plain.alignment, plain.spells, plain.army_forge, plain.grimoires.count()) == ("", [], {}, 0)
        unit = model("Unit").get()
        assert unit.details == {"rarity": "common"}
        assert [(s.size, s.points, s.morale) for s in unit.sizes.order_by("position")] == [
            ("single", 90, 7), ("squad", 150, None)]
