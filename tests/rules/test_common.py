"""What every game shares: an empty list, the model's lookups and how messages put things into words."""
from __future__ import annotations

from dataclasses import replace

import pytest

from armylists.games.registry import games
from armylists.rules.model import Faction
from armylists.rules.text import listing, plural, share, times

from .conftest import army, check, entry, only, params, unit

LIMITS = {"diskwars": None}


@pytest.mark.parametrize("game", sorted(games()))
def test_an_empty_list_is_refused_in_every_game(game):
    """docs/violations.md, Every game: `empty-list` in every game, once, citing the book's section on building a
    list."""
    report = check(army(game, points_limit=LIMITS.get(game, 1500)), params(game))
    violation = only(report, "empty-list")
    assert violation.severity == "error" and violation.entries == ()
    assert violation.message == "the list has no entries; add at least one unit"
    assert violation.rule == f"{params(game).book}: {type(params(game)).army_section}"
    assert not report.legal


@pytest.mark.parametrize("game", sorted(games()))
def test_a_list_with_an_entry_is_not_empty(game):
    report = check(army(game, entry("e1", unit(cost=10, models=5)), points_limit=LIMITS.get(game, 1500)),
                   params(game))
    assert "empty-list" not in [v.code for v in report.violations]


# --- the model's lookups ------------------------------------------------------------------------

def test_an_entry_is_found_by_its_id_and_an_unknown_id_finds_nothing():
    lst = army("aof-regiments", *(entry(f"e{i}", unit()) for i in range(5)))
    assert lst.entry("e3").id == "e3"
    assert lst.entry("nowhere") is None and lst.entry(None) is None
    assert lst.position("e3") == 3 and lst.position("nowhere") == -1


def test_ids_come_back_in_list_order_once_each():
    lst = army("aof-regiments", *(entry(f"e{i}", unit()) for i in range(5)))
    assert lst.in_order(["e4", "e1", "e4", "ghost", "e0"]) == ("e0", "e1", "e4")


def test_a_changed_army_looks_up_its_own_entries():
    lst = army("aof-regiments", entry("e1", unit()), entry("e2", unit()))
    fewer = replace(lst, entries=lst.entries[1:])
    assert fewer.entry("e1") is None and fewer.position("e2") == 0


def test_factions_are_named_by_their_names_and_unknown_ones_by_their_slugs():
    lst = army("aof-regiments", factions=(Faction("kingdom", "Kingdom of Albion"),))
    assert lst.faction_name("kingdom") == "Kingdom of Albion"
    assert lst.faction_name("undead") == "undead"


# --- words ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("n, text", [(0, "0 heroes"), (1, "1 hero"), (2, "2 heroes")])
def test_numbers_take_their_noun_in_the_right_number(n, text):
    """docs/checking.md, The result: "1 hero", "2 heroes"."""
    assert plural(n, "hero", "heroes") == text
    assert plural(n, "unit") == text.replace("heroes", "units").replace("hero", "unit")


def test_words_for_lists_times_and_shares():
    assert [listing([]), listing(["A"]), listing(["A", "B"]), listing(["A", "B", "C"])] == \
        ["", "A", "A and B", "A, B and C"]
    assert listing(["A", "B", "C"], "or") == "A, B or C"
    assert [times(1), times(2), times(3)] == ["once", "twice", "3 times"]
    assert [share(1500, 35), share(750, 35)] == ["525", "262.5"]


# --- the settings are explained with their numbers ----------------------------------------------

def test_the_new_settings_are_explained_with_the_games_numbers():
    regiments = " ".join(params("aof-regiments").explain())
    assert "a hero that joined a unit counts towards its cost" in regiments
    assert "Lists mix factions freely unless they say otherwise" in regiments
    skirmish = " ".join(params("aof-skirmish").explain())
    assert "Every unit comes from the list's faction unless the list says otherwise" in skirmish
    # AoF Skirmish, Special Rules Reference: Hero: heroes never join, so no line may say whose units they join.
    assert "heroes never join units" in skirmish and "heroes join only" not in skirmish
    assert "Tournament mixed armies" not in skirmish  # it has no tournament guidelines
    assert "heroes join only their own faction's units" in regiments
    battleground = " ".join(params("battleground").explain())
    assert "1500, 2000 or 2500" in battleground and "more than 15 command cards" in battleground
    alone = " ".join(params("aof-regiments", joined_hero_in_unit_cost=False).explain())
    assert "a hero that joined a unit is judged on its own" in alone
    dulce = " ".join(params("dulce-bellum", max_spell_copies=2).explain())
    assert "at most 2 spellcasters" in dulce
