"""Dulce Bellum spells at the boundary: the library's grimoires reach the engine, and a grimoire or
spell the game does not have is bad input naming its JSON path (formats 1.1: The check)."""
from __future__ import annotations

import copy
import json

import pytest

from armylists.boundary.errors import BadInput
from armylists.checking import library as library_module
from armylists.checking.check import check_against, check_document, find_game
from armylists.checking.library import Library
from armylists.checking.resolve import used_units
from armylists.games.dulce_bellum.rules.spells import master_of_magic
from factions.importer import import_document
from factions.models import GameSystem, data_changed
from factions.schemas import parse_faction_file

from .magic_data import MAGIC, magic_list

pytestmark = pytest.mark.django_db


@pytest.fixture
def magic(db):
    import_document(parse_faction_file(copy.deepcopy(MAGIC)))


def codes(checked) -> list[str]:
    return [v.code for v in checked.report.violations]


def test_an_entry_carries_its_grimoire_and_spells_and_the_army_every_grimoire(magic):
    checked = check_document(magic_list({"unit": "runesmith", "grimoire": "battle-magic",
                                         "spells": ["charge", "fireball"]}))
    [entry] = checked.army.entries
    assert (entry.grimoire, entry.spells) == ("battle-magic", ("charge", "fireball"))
    assert [g.slug for g in checked.army.grimoires] == ["battle-magic", "dark-magic"]
    fireball = checked.army.grimoires[0].spells[1]
    assert (fireball.name, fireball.basic, fireball.difficulty) == ("Fireball", False, "8+")
    assert checked.report.legal, checked.report.violations


def test_every_faction_of_the_library_is_named_with_its_grimoires(magic):
    army = check_document(magic_list({"unit": "militia", "size": "company"})).army
    assert {(f.slug, f.name, f.grimoires) for f in army.factions} == {
        ("holds", "Deep Holds", ("battle-magic",)), ("dead", "Restless Dead", ("dark-magic",))}


def test_spellcaster_n_and_a_fixed_spell_reach_the_engine(magic):
    army = check_document(magic_list({"unit": "runesmith"}, {"unit": "flamecaller"}, {"unit": "archmage"})).army
    runesmith, flamecaller, archmage = (e.unit for e in army.entries)
    assert (runesmith.spellcaster, flamecaller.spellcaster, archmage.spellcaster) == (2, "fireball", 3)
    assert master_of_magic(archmage) and not master_of_magic(runesmith)


@pytest.mark.parametrize(("entry", "where", "message"), [
    ({"unit": "runesmith", "grimoire": "battle-magic", "spells": ["charge", "fire-ball"]},
     "entries[0].spells[1]", "no spell 'fire-ball' in dulce-bellum"),
    ({"unit": "runesmith", "grimoire": "frost-magic", "spells": ["charge"]},
     "entries[0].grimoire", "no grimoire 'frost-magic' in dulce-bellum"),
])
def test_a_grimoire_or_spell_the_game_does_not_have_is_bad_input_naming_its_path(magic, entry, where, message):
    with pytest.raises(BadInput) as raised:
        check_document(magic_list(entry))
    assert str(raised.value) == f"{where}: {message}"


def test_a_grimoire_of_another_faction_is_a_rule_broken_not_bad_input(magic):
    # Dulce Bellum, Magic: What Spells Can You Cast: spells "from one of the Magic Grimoires available to
    # their Faction".
    checked = check_document(magic_list({"unit": "runesmith", "grimoire": "dark-magic", "spells": ["hex"]}))
    assert codes(checked) == ["grimoire-not-available"]
    assert "Deep Holds" in checked.report.violations[0].message
    assert "dark-magic" not in checked.report.violations[0].message


def test_a_snapshot_keeps_the_grimoires_and_checks_spells_identically(magic):
    live = check_document(magic_list({"unit": "runesmith", "grimoire": "battle-magic", "spells": ["fireball"]},
                                     {"unit": "runesmith", "grimoire": "battle-magic", "spells": ["fireball"]}))
    # Dulce Bellum, Magic: What Spells Can You Cast: not the same spell twice unless Basic.
    assert codes(live) == ["duplicate-spell"]
    stored = json.loads(json.dumps(live.library.snapshot(used_units(live.document))))
    assert [g["slug"] for g in stored["grimoires"]] == ["battle-magic", "dark-magic"]
    assert stored["factions"]["holds"]["grimoires"] == ["battle-magic"]
    GameSystem.objects.filter(slug="dulce-bellum").update(details={})  # the frozen data does not depend on today's
    again = check_against(live.document, Library.from_snapshot(stored), find_game("dulce-bellum"))
    assert again.report == live.report and again.army == live.army


def test_changed_grimoires_are_read_again_once_the_game_says_its_data_changed(magic):
    game = GameSystem.objects.get(slug="dulce-bellum")
    before = library_module.library_of(game)
    assert before.spells["fireball"][0].name == "Fireball"
    grimoires = game.details["grimoires"]
    next(s for g in grimoires for s in g["spells"] if s["slug"] == "fireball")["name"] = "Fire Ball"
    GameSystem.objects.filter(pk=game.pk).update(details={"grimoires": grimoires})
    data_changed(game.pk)  # what the importer and the admin call
    assert library_module.library_of(game).spells["fireball"][0].name == "Fire Ball"


def test_importing_grimoires_again_gives_the_game_a_new_data_version(magic):
    before = GameSystem.objects.get(slug="dulce-bellum").data_version
    again = copy.deepcopy(MAGIC)
    again["grimoires"][0]["spells"][1]["difficulty"] = "9+"
    import_document(parse_faction_file(again))
    game = GameSystem.objects.get(slug="dulce-bellum")
    assert game.data_version != before
    assert library_module.library_of(game).spells["fireball"][0].difficulty == "9+"
