"""Dulce Bellum 0.1: spellcasters' grimoires and spells, as the rulebook and docs/violations.md state them.

The grimoires are the rulebook's (Magic: Magic Grimoires, Battle Magic to Dark
Magic), cut to what the tests use. Which faction may use which grimoire the
rulebook does not say: the factions' grimoires here are made up for the tests.
"""
from __future__ import annotations

import pytest

from armylists.games.dulce_bellum.rules.model import Grimoire, Spell
from armylists.games.dulce_bellum.rules.model import SizeProfile

from tests.engine_units import faction

from .conftest import army, check, codes, entry, only, params, unit

GAME = "dulce-bellum"
P = params(GAME)

BATTLE = Grimoire("battle-magic", "Battle Magic", (  # Magic Grimoires: Battle Magic
    Spell("charge", "Charge!", basic=True, difficulty="8+"),
    Spell("vicious", "Vicious", difficulty="11+"),
    Spell("bloodlust", "Bloodlust", difficulty="8+"),
    Spell("brutality-of-battle", "Brutality of Battle", difficulty="11+"),
    Spell("fireball", "Fireball", difficulty="8+"),
    Spell("avatar-of-war", "Avatar of War", difficulty="15+"),
))
DARK = Grimoire("dark-magic", "Dark Magic", (  # Magic Grimoires: Dark Magic
    Spell("bitter-nectar", "Bitter Nectar", basic=True, difficulty="8+"),
    Spell("ensnare", "Ensnare", difficulty="8+"),
    Spell("hex", "Hex", difficulty="8+"),
    Spell("miasma-of-despair", "Miasma of Despair", difficulty="11+"),
    Spell("gilded-rot", "Gilded Rot", difficulty="11+"),
    Spell("scared-stiff", "Scared Stiff", difficulty="18+"),
))
CHAOS = Grimoire("chaos-magic", "Chaos Magic", (  # Magic Grimoires: Chaos Magic
    Spell("kaboom", "Kaboom", basic=True, difficulty="8+"),
    Spell("faster", "Faster", difficulty="8+"),
))
GRIMOIRES = (BATTLE, DARK, CHAOS)
# Sample data: the rulebook does not say which factions use which grimoires.
FACTIONS = (faction("dwarves", "Dwarf Holds", grimoires=("battle-magic", "dark-magic")),
            faction("orcs", "Orc Tribes", grimoires=("chaos-magic",)))


def caster(slug, spellcaster=2, *rules, faction="dwarves"):
    return unit(slug, faction=faction, rarity="common", spellcaster=spellcaster,
                rules=tuple(rules), sizes=(SizeProfile("single", 50),))


WIZARD = caster("battle-wizard", 2)
APPRENTICE = caster("apprentice", 1)
ADEPT = caster("adept", 0)
ARCHMAGE = caster("archmage", 3, "Master of Magic")
PYROMANCER = caster("pyromancer", "fireball")
SOLDIER = caster("soldier", None)


def cast(id, u, grimoire=None, *spells):
    return entry(id, u, size="single", grimoire=grimoire, spells=tuple(spells))


def dwarves(*entries, **fields):
    fields.setdefault("factions", FACTIONS)
    return army(GAME, *entries, faction="dwarves", points_limit=1500, grimoires=GRIMOIRES,
                **fields)


def spell_codes(*entries, **fields):
    return codes(check(dwarves(*entries, **fields), P))


# --- too-many-spells (Special Abilities: Spellcaster (n), Master of Magic; Magic: What Spells Can You Cast) ---

def test_a_spellcaster_2_may_choose_up_to_2_spells():
    """Special Abilities: Spellcaster (n): "starts the game with up to n spells", so fewer is allowed."""
    assert spell_codes(cast("w", WIZARD, "battle-magic", "vicious", "fireball")) == []
    assert spell_codes(cast("w", WIZARD, "battle-magic", "fireball")) == []
    assert spell_codes(cast("w", WIZARD)) == []


def test_a_spellcaster_2_choosing_3_spells_lists_too_many():
    """Magic: What Spells Can You Cast: "start the game with n spells"."""
    v = only(check(dwarves(cast("w", WIZARD, "battle-magic", "vicious", "fireball", "bloodlust")),
                   P), "too-many-spells")
    assert v.message == "Battle Wizard lists 3 spells; it is Spellcaster(2): it chooses at most 2 spells"
    assert v.entries == ("w",)
    assert v.rule == "Dulce Bellum: Magic"


def test_a_spellcaster_1_is_told_in_the_singular():
    v = only(check(dwarves(cast("a", APPRENTICE, "battle-magic", "vicious", "fireball")), P),
             "too-many-spells")
    assert v.message == "Apprentice lists 2 spells; it is Spellcaster(1): it chooses at most 1 spell"


def test_a_spellcaster_0_chooses_no_spell():
    """Magic: What Spells Can You Cast: "they cannot cast spells from any Magic Grimoire"."""
    v = only(check(dwarves(cast("a", ADEPT, "battle-magic", "fireball")), P), "too-many-spells")
    assert v.message == ("Adept lists 1 spell; it is Spellcaster(0): it chooses none and casts "
                         "only Protection from Magic and Dispel Magic")


def test_master_of_magic_knows_its_whole_grimoire_and_lists_none():
    """Special Abilities: Master of Magic: "This unit knows all the spells from their chosen Magic Grimoire"."""
    assert spell_codes(cast("m", ARCHMAGE, "battle-magic")) == []
    v = only(check(dwarves(cast("m", ARCHMAGE, "battle-magic", "fireball")), P), "too-many-spells")
    assert v.message == ("Archmage lists 1 spell; it has Master of Magic: it knows every spell of "
                         "its grimoire and chooses none")


def test_a_spellcaster_with_a_named_spell_knows_that_one_and_lists_none():
    """Special Abilities: Spellcaster (n): "If n is the name of a spell, then this unit starts the game with that
    spell"."""
    assert spell_codes(cast("p", PYROMANCER)) == []
    v = only(check(dwarves(cast("p", PYROMANCER, "battle-magic", "vicious")), P), "too-many-spells")
    assert v.message == ("Pyromancer lists 1 spell; it knows Fireball from its Spellcaster rule "
                         "and chooses no other")


def test_a_unit_without_spellcaster_lists_no_spell():
    v = only(check(dwarves(cast("s", SOLDIER, "battle-magic", "charge")), P), "too-many-spells")
    assert v.message == "Soldier lists 1 spell; it is not a spellcaster, so it chooses no spells"


# --- spell-not-in-grimoire (What Spells Can You Cast: "from a single grimoire") --------------

def test_spells_from_two_grimoires_are_refused():
    """Magic: What Spells Can You Cast: "A Spellcaster can only choose spells from a single
    grimoire"."""
    v = only(check(dwarves(cast("w", WIZARD, "battle-magic", "fireball", "ensnare")), P),
             "spell-not-in-grimoire")
    assert v.message == ("Battle Wizard draws on Battle Magic, but Ensnare (Dark Magic) is not in "
                         "it; a spellcaster chooses all its spells from one grimoire")
    assert v.entries == ("w",)
    assert v.rule == "Dulce Bellum: Magic"


def test_every_stray_spell_is_named_once():
    v = only(check(dwarves(cast("w", ARCHMAGE, "battle-magic", "ensnare", "kaboom", "ensnare")),
                   P), "spell-not-in-grimoire")
    assert v.message.startswith("Archmage draws on Battle Magic, but Ensnare (Dark Magic) and "
                                "Kaboom (Chaos Magic) are not in it")


def test_spells_without_a_grimoire_are_refused():
    """docs/list-file.md, Entries: `grimoire` is required when `spells` is not empty (bad input at the
    boundary); the engine still says what is wrong."""
    v = only(check(dwarves(cast("w", WIZARD, None, "fireball")), P), "spell-not-in-grimoire")
    assert v.message == ("Battle Wizard lists Fireball (Battle Magic) but names no grimoire; a "
                         "spellcaster chooses all its spells from one grimoire")


# --- grimoire-not-available (What Spells Can You Cast: "one of the Magic Grimoires available to their Faction") ---

def test_a_caster_draws_on_a_grimoire_of_its_faction():
    assert spell_codes(cast("w", WIZARD, "dark-magic", "hex", "ensnare")) == []


def test_a_grimoire_the_faction_cannot_use_is_refused():
    v = only(check(dwarves(cast("w", WIZARD, "chaos-magic", "faster")), P),
             "grimoire-not-available")
    assert v.message == ("Battle Wizard draws on Chaos Magic, which Dwarf Holds cannot use (Dwarf "
                         "Holds may use Battle Magic and Dark Magic)")
    assert v.entries == ("w",)


def test_a_faction_without_grimoires_has_none_to_draw_on():
    lone = (faction("dwarves", "Dwarf Holds"),)
    v = only(check(dwarves(cast("w", WIZARD, "battle-magic"), factions=lone), P),
             "grimoire-not-available")
    assert v.message.endswith("which Dwarf Holds cannot use (Dwarf Holds has no grimoire)")


def test_the_casters_own_faction_decides_which_grimoires_it_may_use():
    shaman = caster("shaman", 1, faction="orcs")
    codes_ = spell_codes(cast("s", shaman, "chaos-magic", "faster"))
    assert "grimoire-not-available" not in codes_
    assert "wrong-faction" in codes_


# --- duplicate-spell (What Spells Can You Cast: "cannot choose the same spell, unless ... a Basic Spell") ---

def test_two_casters_may_not_choose_the_same_spell():
    """Magic: What Spells Can You Cast: "Multiple friendly Spellcasters cannot choose the same spell"; two casters
    both pick Fireball."""
    v = only(check(dwarves(cast("a", WIZARD, "battle-magic", "fireball"), cast("x", SOLDIER),
                           cast("b", APPRENTICE, "battle-magic", "fireball")), P),
             "duplicate-spell")
    assert v.message == ("Fireball is chosen twice (by Battle Wizard and Apprentice); a spell "
                         "that is not basic may be chosen once in an army")
    assert v.entries == ("a", "b")
    assert v.rule == "Dulce Bellum: Magic"


def test_two_casters_may_both_choose_a_basic_spell():
    """Magic: What Spells Can You Cast, "unless the spell is a Basic Spell": both pick Charge!, a Basic
    Spell (Magic Grimoires: Battle Magic)."""
    assert spell_codes(cast("a", WIZARD, "battle-magic", "charge"),
                       cast("b", APPRENTICE, "battle-magic", "charge")) == []


def test_one_caster_listing_a_spell_twice_is_a_duplicate():
    v = only(check(dwarves(cast("a", WIZARD, "battle-magic", "fireball", "fireball")), P),
             "duplicate-spell")
    assert v.message.startswith("Fireball is chosen twice (by Battle Wizard)")
    assert v.entries == ("a",)


def test_three_casters_of_one_spell_are_one_violation():
    v = only(check(dwarves(*(cast(i, APPRENTICE, "dark-magic", "hex") for i in "abc")), P),
             "duplicate-spell")
    assert v.entries == ("a", "b", "c")
    assert "chosen 3 times" in v.message


def test_master_of_magic_and_a_named_spell_do_not_stop_another_caster():
    """Special Abilities: Master of Magic and Spellcaster (n): "This does not stop another spellcaster from knowing" the
    spell."""
    assert spell_codes(cast("m", ARCHMAGE, "battle-magic"), cast("p", PYROMANCER),
                       cast("w", WIZARD, "battle-magic", "fireball", "vicious")) == []


def test_spells_listed_by_a_caster_that_chooses_none_are_not_choices():
    """Master of Magic and Spellcaster(<spell>) (Special Abilities) choose no spells: what they list
    is `too-many-spells`, and takes no spell from another caster."""
    result = check(dwarves(cast("p", PYROMANCER, "battle-magic", "vicious"),
                           cast("m", ARCHMAGE, "battle-magic", "vicious"),
                           cast("w", WIZARD, "battle-magic", "vicious")), P)
    assert codes(result) == ["too-many-spells", "too-many-spells"]


def test_the_number_of_casters_per_spell_comes_from_the_game_settings():
    lst = dwarves(cast("a", APPRENTICE, "dark-magic", "hex"), cast("b", APPRENTICE, "dark-magic", "hex"))
    assert "duplicate-spell" in codes(check(lst, P))
    assert check(lst, params(GAME, max_spell_copies=2)).legal


# --- names, not slugs --------------------------------------------------------------------------

@pytest.mark.parametrize("spells", [("vicious", "fireball", "bloodlust"), ("ensnare",)])
def test_messages_name_spells_and_grimoires_not_their_slugs(spells):
    report = check(dwarves(cast("w", WIZARD, "battle-magic", *spells),
                           cast("v", WIZARD, "chaos-magic", *spells)), P)
    assert report.violations
    for v in report.violations:
        for slug in ("battle-magic", "chaos-magic", "dark-magic", "bloodlust", "ensnare", "dwarves"):
            assert slug not in v.message, v.message


def test_without_the_games_grimoires_spells_are_named_by_what_the_list_says():
    """Safe defaults: an army that was not given its game's grimoires still gets an answer."""
    lst = army(GAME, cast("a", WIZARD, "battle-magic", "fireball", "fireball"), faction="dwarves",
               points_limit=1500)
    assert codes(check(lst, P)) == ["grimoire-not-available", "duplicate-spell"]
