"""Battleground Fantasy Warfare 4.0: the list rules, as the rulebook and docs/violations.md state them."""
from __future__ import annotations

import pytest

from armylists.rules.model import Faction
from armylists.rules.report import Figure

from .conftest import army, check, codes, entry, only, option, params, unit

GAME = "battleground"

MILITIA = unit("militia", faction="hawkshold", cost=150, class_="core")
KNIGHTS = unit("knights", faction="hawkshold", cost=413, class_="elite")
DISMOUNTED = unit("dismounted-knights", faction="hawkshold", cost=300, class_="elite")
LONGBOWMEN = unit("longbowmen", faction="hawkshold", cost=200, class_="elite")
SWORDSMEN = unit("great-swordsmen", faction="hawkshold", cost=50, class_="standard")
PEASANTS = unit("peasant-mob", faction="hawkshold", cost=40, class_="standard")
ARCHERS = unit("orc-archers", faction="orcs", cost=100, class_="core", mercenary=True)
OGRES = unit("ogres", faction="orcs", cost=120, class_="elite", mercenary=True)
WOLF_RIDERS = unit("wolf-riders", faction="orcs", cost=90, class_="standard")
DWARF_GUARD = unit("dwarf-guard", faction="dwarves", cost=80, class_="core", mercenary=True)
FACTIONS = (Faction("hawkshold", "Men of Hawkshold"), Faction("orcs", "Orc Tribes"),
            Faction("dwarves", "Dwarf Holds"))
BANNERED = unit("bannered-militia", faction="hawkshold", cost=150, class_="core",
                options=(option("banner", 20),))


def hawkshold(*entries, limit=2000, **fields):
    return army(GAME, *entries, faction="hawkshold", points_limit=limit, **fields)


def several(u, n, start=0):
    return [entry(f"{u.slug}-{i}", u) for i in range(start, start + n)]




P = params(GAME)


# --- The rulebook's worked example (Setting Up a Game: Core, Standard, & Elite Units) --------

def test_hawkshold_example_four_militia_meet_the_core_minimum_at_2000():
    """Setting Up a Game, the worked example: a 2000pt budget needs at least 4 Core choices; 4 Militia do it."""
    report = check(hawkshold(*several(MILITIA, 4)), P)
    assert "too-few-core" not in codes(report)


def test_hawkshold_example_three_militia_are_one_short():
    """Setting Up a Game, the worked example, one below: 3 Militia at 2000 points are too few core units."""
    v = only(check(hawkshold(*several(MILITIA, 3)), P), "too-few-core")
    assert v.message == "3 core units; at least 4 needed at 2000 points (1 per 500)"
    assert v.rule == "Battleground: Setting Up a Game"
    assert v.severity == "error"


def test_hawkshold_example_two_knights_and_one_longbowmen_are_legal():
    """Setting Up a Game, the worked example: up to 2 of each Elite kind at 2000; 2 Knights and 1 Longbowmen is
    legal."""
    lst = hawkshold(*several(MILITIA, 4), *several(KNIGHTS, 2), entry("bow", LONGBOWMEN))
    report = check(lst, P)
    assert report.points == 4 * 150 + 2 * 413 + 200
    assert report.legal, report.violations


def test_hawkshold_example_a_third_knights_is_illegal():
    """Setting Up a Game, the worked example: a third Knights unit goes over the 2-per-kind Elite limit at 2000."""
    knights = several(KNIGHTS, 3)
    v = only(check(hawkshold(*several(MILITIA, 4), *knights), P), "too-many-elite")
    assert v.message == "3 Knights; at most 2 of each elite unit at 2000 points (1 per 1000)"
    assert v.entries == ("knights-0", "knights-1", "knights-2")


def test_hawkshold_example_great_swordsmen_and_peasant_mob_are_unlimited():
    """Setting Up a Game, the worked example: Standard units have no limit other than their points cost."""
    lst = hawkshold(*several(MILITIA, 4), *several(SWORDSMEN, 12), *several(PEASANTS, 12))
    report = check(lst, P)
    assert report.points <= 2000
    assert report.legal, report.violations


# --- Points ----------------------------------------------------------------------------------

def test_list_points_are_units_plus_command_cards_at_their_price():
    report = check(hawkshold(*several(MILITIA, 4), cards_bought=3), P)
    assert report.points == 4 * 150 + 3 * 25
    assert report.entry_points == {f"militia-{i}": 150 for i in range(4)}


def test_command_card_price_comes_from_the_game_settings():
    lst = hawkshold(*several(MILITIA, 4), cards_bought=3)
    report = check(lst, params(GAME, command_card_cost=30))
    assert report.points == 4 * 150 + 3 * 30


def test_options_add_to_an_entrys_cost():
    report = check(hawkshold(entry("m", BANNERED, "banner")), P)
    assert report.entry_points == {"m": 170}


def test_spending_exactly_the_budget_with_command_cards_is_legal():
    lst = hawkshold(*several(MILITIA, 4), *several(PEASANTS, 35), cards_bought=1, limit=2025)
    assert check(lst, P).points == 2025
    assert "points-over-limit" not in codes(check(lst, P))


def test_one_point_over_the_budget_is_illegal_because_of_a_command_card():
    lst = hawkshold(*several(MILITIA, 4), *several(PEASANTS, 35), cards_bought=2, limit=2025)
    assert check(lst, P).points == 2050
    assert "points-over-limit" in codes(check(lst, P))


# --- Core ------------------------------------------------------------------------------------

@pytest.mark.parametrize("limit, needed", [(499, 0), (500, 1), (1500, 3), (1999, 3), (2000, 4),
                                           (2500, 5)])
def test_core_minimum_is_one_per_500_points_of_the_limit_rounded_down(limit, needed):
    assert "too-few-core" not in codes(check(hawkshold(*several(MILITIA, needed), limit=limit), P))
    if needed:
        lst = hawkshold(*several(MILITIA, needed - 1), limit=limit)
        assert "too-few-core" in codes(check(lst, P))


def test_core_minimum_comes_from_the_game_settings():
    lst = hawkshold(*several(MILITIA, 2))
    assert "too-few-core" not in codes(check(lst, params(GAME, core_per=1000)))


def test_standard_and_elite_units_never_count_as_core():
    lst = hawkshold(*several(MILITIA, 3), entry("s", SWORDSMEN), entry("k", KNIGHTS))
    assert "too-few-core" in codes(check(lst, P))


def test_mercenary_core_units_never_count_as_core():
    """Keywords: Mercenaries: "Core Mercenary units do not fulfill Core requirements". docs/checking.md, The
    result: the message names the mercenary core units, which are the entries it concerns."""
    lst = hawkshold(*several(MILITIA, 3), entry("a", ARCHERS), entry("d", DWARF_GUARD))
    v = only(check(lst, P), "too-few-core")
    assert v.message == ("3 core units; at least 4 needed at 2000 points (1 per 500); "
                         "mercenary core units do not count (Orc Archers and Dwarf Guard)")
    assert v.entries == ("a", "d")


def test_an_empty_list_lacks_core_units():
    v = only(check(hawkshold(), P), "too-few-core")
    assert v.message.startswith("0 core units; at least 4")


# --- Elite -----------------------------------------------------------------------------------

def test_elite_limit_is_per_1000_points_rounded_down():
    """At 1999 points only one of each elite unit; at 2000, two."""
    two = several(KNIGHTS, 2)
    assert "too-many-elite" in codes(check(hawkshold(*two, limit=1999), P))
    assert "too-many-elite" not in codes(check(hawkshold(*two, limit=2000), P))


def test_below_1000_points_no_elite_unit_may_be_taken():
    assert "too-many-elite" in codes(check(hawkshold(entry("k", KNIGHTS), limit=999), P))


def test_elite_limit_is_per_kind():
    """Knights and Dismounted Knights are different kinds: 2 of each is legal at 2000."""
    lst = hawkshold(*several(KNIGHTS, 2), *several(DISMOUNTED, 2))
    assert "too-many-elite" not in codes(check(lst, P))


def test_each_kind_over_the_limit_is_its_own_violation():
    lst = hawkshold(*several(KNIGHTS, 2), *several(DISMOUNTED, 2), limit=1500)
    found = [v for v in check(lst, P).violations if v.code == "too-many-elite"]
    assert [v.entries for v in found] == [("knights-0", "knights-1"),
                                          ("dismounted-knights-0", "dismounted-knights-1")]


def test_elite_mercenaries_are_held_to_the_elite_limit():
    lst = hawkshold(*several(MILITIA, 4), *several(OGRES, 3))
    v = only(check(lst, P), "too-many-elite")
    assert v.entries == ("ogres-0", "ogres-1", "ogres-2")


def test_elite_limit_comes_from_the_game_settings():
    lst = hawkshold(*several(KNIGHTS, 3))
    assert "too-many-elite" not in codes(check(lst, params(GAME, elite_per=500)))


# --- Mercenaries -----------------------------------------------------------------------------

def test_a_mercenary_unit_of_one_other_faction_is_legal():
    lst = hawkshold(*several(MILITIA, 4), entry("a", ARCHERS), entry("o", OGRES))
    assert check(lst, P).legal


def test_a_unit_of_another_faction_must_be_a_mercenary():
    lst = hawkshold(*several(MILITIA, 4), entry("w", WOLF_RIDERS))
    v = only(check(lst, P), "mercenary-not-allowed")
    assert v.entries == ("w",)
    assert v.message == ("Wolf Riders is from orcs: it is not a mercenary unit, "
                         "so a hawkshold army cannot take it")
    assert v.rule == "Battleground: Mercenaries"
    named = only(check(hawkshold(*lst.entries, factions=FACTIONS), P), "mercenary-not-allowed")
    assert named.message == ("Wolf Riders is from Orc Tribes: it is not a mercenary unit, "
                             "so a Men of Hawkshold army cannot take it")


def test_a_primary_faction_unit_is_never_a_mercenary():
    own_merc = unit("sellswords", faction="hawkshold", cost=100, class_="core", mercenary=True)
    lst = hawkshold(*several(MILITIA, 3), entry("s", own_merc))
    report = check(lst, P)
    assert report.legal, report.violations


def test_an_event_without_mercenaries_refuses_every_entry_of_another_faction():
    """docs/checking.md, The result: a violation about the whole list appears once, with every entry it
    concerns (format 1.0 repeated "this event allows no mercenaries" for each entry)."""
    lst = hawkshold(*several(MILITIA, 4), entry("a", ARCHERS), entry("w", WOLF_RIDERS),
                    factions=FACTIONS)
    v = only(check(lst, params(GAME, mercenaries_allowed=False)), "mercenary-not-allowed")
    assert v.entries == ("a", "w")
    assert v.message == ("this event allows no mercenaries; Orc Archers and Wolf Riders are not "
                         "of Men of Hawkshold")


def test_an_event_without_mercenaries_still_allows_the_primary_faction():
    lst = hawkshold(*several(MILITIA, 4))
    assert check(lst, params(GAME, mercenaries_allowed=False)).legal


def test_mercenaries_from_two_factions_are_too_many():
    lst = hawkshold(*several(MILITIA, 4), entry("a", ARCHERS), entry("d", DWARF_GUARD),
                    entry("o", OGRES))
    v = only(check(lst, P), "too-many-mercenary-factions")
    assert v.entries == ("a", "d", "o")
    assert v.message == "mercenaries from 2 factions (orcs and dwarves); at most 1 besides hawkshold"
    named = only(check(hawkshold(*lst.entries, factions=FACTIONS), P), "too-many-mercenary-factions")
    assert named.message == ("mercenaries from 2 factions (Orc Tribes and Dwarf Holds); at most 1 "
                             "besides Men of Hawkshold")
    assert v.rule == "Battleground: Setting Up a Game"


def test_the_mercenary_faction_limit_comes_from_the_game_settings():
    lst = hawkshold(*several(MILITIA, 4), entry("a", ARCHERS), entry("d", DWARF_GUARD))
    assert check(lst, params(GAME, max_mercenary_factions=2)).legal


# --- Figures ---------------------------------------------------------------------------------

def test_figures_show_core_elite_and_command_cards():
    lst = hawkshold(*several(MILITIA, 3), *several(KNIGHTS, 2), entry("b", LONGBOWMEN),
                    cards_bought=2)
    core, elite, cards = check(lst, P).figures
    assert core == Figure("Core units", 3, 4, "min") and not core.ok
    assert elite == Figure("Elite units of one kind (most taken)", 2, 2, "max") and elite.ok
    assert cards == Figure("Command cards (25 points each)", 2, None, "info")


# --- Warnings: unusual budgets and the hand limit (docs/violations.md, Battleground) --------

@pytest.mark.parametrize("limit", [1500, 2000, 2500])
def test_the_books_budgets_are_usual(limit):
    """Setting Up a Game, Choose Points Budget: Skirmish 1500, Battle 2000, War 2500."""
    lst = hawkshold(*several(MILITIA, limit // 500), limit=limit)
    report = check(lst, P)
    assert report.violations == ()


@pytest.mark.parametrize("limit", [1000, 1999, 3000])
def test_another_budget_is_legal_with_a_warning(limit):
    """Setting Up a Game, Choose Points Budget: "You can agree to a smaller or larger points budget than
    presented here, but special rules may be required"."""
    report = check(hawkshold(*several(MILITIA, limit // 500), limit=limit), P)
    assert report.legal
    v = only(report, "unusual-points-limit")
    assert v.severity == "warning"
    assert v.message == (f"a {limit} point budget is not one of the usual 1500, 2000 or 2500; "
                         "special rules may be required, so agree them with your opponent")
    assert v.rule == "Battleground: Setting Up a Game"


def test_the_usual_points_limits_come_from_the_game_settings():
    lst = hawkshold(*several(MILITIA, 2), limit=1000)
    assert check(lst, params(GAME, usual_points_limits=[1000, 2000])).violations == ()


def test_fifteen_command_cards_fit_in_a_hand():
    """Command Actions, Drawing Command Cards: "You may have 15 cards in your hand"."""
    lst = hawkshold(*several(MILITIA, 5), cards_bought=15, limit=2500)
    assert check(lst, P).violations == ()


def test_sixteen_command_cards_are_over_the_hand_limit_a_warning():
    """Command Actions, Drawing Command Cards; docs/violations.md: `over-hand-limit` when more than 15 cards are
    bought."""
    lst = hawkshold(*several(MILITIA, 5), cards_bought=16, limit=2500)
    report = check(lst, P)
    assert report.legal
    v = only(report, "over-hand-limit")
    assert v.severity == "warning"
    assert v.message == "16 command cards bought; a hand may hold only 15"
    assert v.rule == "Battleground: Command Actions"
    assert check(lst, params(GAME, hand_limit=20)).violations == ()
