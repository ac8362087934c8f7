"""A game's list entries' own fields are declared once, by its list file's entry schema, and the rest is derived
from that declaration (docs/architecture.md, "A game is one package"): what the engine's `Entry` and `Army`
read, what resolving a list checks, and how the builder asks for each (the kind of control its game declares)."""
from __future__ import annotations

import copy

import pytest

from armylists.checking.check import check_document
from armylists.games.files import ARMY_SHARED
from armylists.games.own_fields import CONTROLS, ENTRY_SHARED, entry_schema
from armylists.games.registry import game_home, homes
from armylists.rules.model import Army
from tests.checking.magic_data import MAGIC, magic_list
from tests.factories import kingdom, list_file, make_faction

GAMES = [home.slug for home in homes()]


@pytest.mark.parametrize("game", GAMES)
def test_each_field_its_list_schema_adds_is_declared_once_in_its_order(game):
    schema = entry_schema(game_home(game).list_schema)
    own = [info.alias or name for name, info in schema.model_fields.items() if name not in ENTRY_SHARED]
    assert [f.name for f in game_home(game).files.entry_fields] == own


def test_every_entry_field_says_how_the_builder_asks_for_it():
    fields = [f for home in homes() for f in home.files.entry_fields]
    assert {f.name for f in fields} >= {"combined", "joined_to", "size", "regiment", "grimoire", "spells"}
    assert all(f.control in CONTROLS for f in fields), [f for f in fields if f.control not in CONTROLS]
    assert {f.name for f in fields if f.names_an_entry} == {"joined_to", "regiment"}


@pytest.mark.django_db
def test_the_engine_reads_an_entry_field_the_list_leaves_out_at_its_default():
    make_faction(kingdom())
    checked = check_document(list_file("aof-regiments", {"unit": "infantry"}, {"unit": "infantry", "combined": True},
                                       points_limit=1000))
    plain, combined = checked.army.entries
    assert plain.details == {"combined": False, "joined_to": None}
    assert (plain.combined, plain.joined_to, combined.combined) == (False, None, True)
    with pytest.raises(AttributeError, match="no field 'regiment'"):
        plain.regiment  # noqa: B018 - a field of another game is no field of this one
    # The army's own fields: its list settings, at the list file's defaults where it leaves them out.
    assert (checked.army.force_organisation, checked.army.mixed_armies) == (True, None)
    with pytest.raises(AttributeError, match="no field 'regiments'"):
        checked.army.regiments  # noqa: B018


@pytest.mark.django_db
def test_a_list_the_entry_names_is_a_tuple_and_the_army_has_what_its_game_resolves():
    make_faction(copy.deepcopy(MAGIC))
    checked = check_document(magic_list({"unit": "runesmith", "grimoire": "battle-magic", "spells": ["charge"]},
                                        {"unit": "militia", "size": "company"}))
    caster, militia = checked.army.entries
    assert caster.spells == ("charge",) and militia.details == {"size": "company", "grimoire": None, "spells": ()}
    assert [g.slug for g in checked.army.grimoires] == ["battle-magic", "dark-magic"]


# Each game's own fields of its `Army`, named here as its rules read them (`army.cards_chosen`), not taken from
# the declarations `army_details` builds from: a field dropped from a game's list settings or from what it
# resolves from the library would pass unnoticed.
ARMY_FIELDS = {
    "aof-regiments": {"force_organisation", "mixed_armies"},
    "aof-skirmish": {"force_organisation", "mixed_armies"},
    "battleground": {"cards_bought"},
    "diskwars": {"regiments", "cards_chosen"},
    "dulce-bellum": {"grimoires"},
}


def test_every_game_names_its_army_fields_here():
    assert set(ARMY_FIELDS) == set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_an_army_built_by_its_game_has_every_own_field_and_no_other(game):
    home = game_home(game)
    army = Army(game=game, faction="any", entries=(), details=home.files.army_details({}))
    assert set(army.details) - ARMY_SHARED == ARMY_FIELDS[game]
    for name in ARMY_FIELDS[game]:
        getattr(army, name)  # as its rules read it
    with pytest.raises(ValueError, match="no such field"):
        home.files.army_details({"no_such_setting": 1})
    with pytest.raises(ValueError, match="no such field"):
        home.files.entry_details({"no_such_field": 1})
