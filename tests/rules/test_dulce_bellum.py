"""Dulce Bellum 0.1: the list rules, as the rulebook and docs/violations.md state them."""
from __future__ import annotations

import pytest

from armylists.games.dulce_bellum.rules.model import SizeProfile, size_profile
from armylists.rules.report import Figure

from .conftest import army, check, codes, entry, only, option, params, unit

GAME = "dulce-bellum"
P = params(GAME)
ALL_SIZES = ("single", "squad", "platoon", "company", "horde")


def sized(slug, rarity, faction="dwarves", points=100, limit=None, sizes=ALL_SIZES, **fields):
    return unit(slug, faction=faction, rarity=rarity, limit=limit,
                sizes=tuple(SizeProfile(s, points) for s in sizes), **fields)


# The rulebook's example unit (Anatomy of a Unit: Characteristics), here made common so it can grant unlocks.
MILITIA = unit(
    "well-regulated-militia", faction="dwarves", rarity="common",
    sizes=(SizeProfile("squad", 115, 12), SizeProfile("platoon", 130, 16),
           SizeProfile("company", 160, 23)),
    options=(option("champion", 15), option("banner", 5), option("musician", 10)),
)
COMMON = sized("warriors", "common")
IRREGULAR = sized("skirmishers", "irregular")
UNCOMMON = sized("rangers", "uncommon")
RARE = sized("ironbreakers", "rare")
DRAGON = sized("dragon", "rare", limit=1, sizes=("single",))
ORCS = sized("orc-boyz", "common", faction="orcs")


def dwarves(*entries, limit=2000, **fields):
    return army(GAME, *entries, faction="dwarves", points_limit=limit, **fields)


def take(id, u, size, *options):
    return entry(id, u, *options, size=size)




def unlocks(report):
    return next(f for f in report.figures if f.label == "Unlock points used")


# --- Costs: the example unit (Anatomy of a Unit: Characteristics) ----------------------------

@pytest.mark.parametrize("size, points", [("squad", 115), ("platoon", 130), ("company", 160)])
def test_well_regulated_militia_costs_the_points_of_its_size(size, points):
    """Anatomy of a Unit, the example unit's footprints: Squad 115, Platoon 130, Company 160."""
    assert check(dwarves(take("m", MILITIA, size)), P).points == points


def test_well_regulated_militia_squad_with_every_upgrade_costs_145():
    """Anatomy of a Unit: Characteristics, the example unit and its options: Squad 115 + Champion 15 + Banner 5
    + Musician 10 = 145."""
    report = check(dwarves(take("m", MILITIA, "squad", "champion", "banner", "musician")), P)
    assert report.entry_points == {"m": 145}
    assert report.points == 145


def test_the_example_unit_offers_no_single_or_horde_size():
    """Anatomy of a Unit: Characteristics: the example unit has Squad, Platoon and Company footprints only; a
    size the profile lacks is refused when the list is read, before the check."""
    assert size_profile(MILITIA, "single") is None and size_profile(MILITIA, "horde") is None
    assert size_profile(MILITIA, "platoon") == SizeProfile("platoon", 130, 16)


def test_list_points_are_the_entries_added_up():
    lst = dwarves(take("a", MILITIA, "squad"), take("b", MILITIA, "company", "banner"))
    assert check(lst, P).points == 115 + 165


def test_total_equal_to_the_limit_is_legal_one_over_is_not():
    """Building an Army: Add Units to your Army (the total "doesn't exceed the maximum points"): limit 1500,
    total 1500 legal, 1501 illegal."""
    exact = sized("exact", "common", points=1500, sizes=("squad",))
    over = sized("over", "common", points=1501, sizes=("squad",))
    assert check(dwarves(take("a", exact, "squad"), limit=1500), P).legal
    assert "points-over-limit" in codes(check(dwarves(take("a", over, "squad"), limit=1500), P))


# --- Unlock charts (Building an Army: Add Units to your Army) --------------------------------

@pytest.mark.parametrize("size, granted", [("single", 0), ("squad", 1), ("platoon", 2),
                                           ("company", 3), ("horde", 3)])
def test_unlock_chart_common_units_grant_by_size(size, granted):
    """Add Units to your Army, the Unlock Points chart: Common Single 0, Squad 1, Platoon 2, Company 3, Horde 3."""
    assert unlocks(check(dwarves(take("c", COMMON, size)), P)).limit == granted


@pytest.mark.parametrize("rarity, required", [("common", 0), ("irregular", 0), ("uncommon", 2),
                                              ("rare", 3)])
@pytest.mark.parametrize("size", ["single", "horde"])
def test_unlock_chart_rarities_require_the_same_whatever_the_size(rarity, required, size):
    """Add Units to your Army, the Unlocks Required chart: Common 0, Irregular 0, Uncommon 2, Rare 3; size does not
    matter."""
    assert unlocks(check(dwarves(take("u", sized("u", rarity), size)), P)).value == required


@pytest.mark.parametrize("rarity", ["irregular", "uncommon", "rare"])
def test_only_common_units_grant_unlocks(rarity):
    """Add Units to your Army: only "Each Common unit" gives Unlock Points, so Irregular, Uncommon and Rare units
    grant nothing, whatever their size."""
    assert unlocks(check(dwarves(take("u", sized("u", rarity), "horde")), P)).limit == 0


def test_unlock_tables_come_from_the_game_settings():
    lst = dwarves(take("c", COMMON, "squad"), take("u", UNCOMMON, "squad"))
    p = params(GAME, unlocks_required={"common": 0, "irregular": 0, "uncommon": 1, "rare": 3})
    assert check(lst, p).legal


# --- Unlocks, worked cases (Building an Army: Add Units to your Army) ------------------------

def test_one_common_squad_cannot_unlock_an_uncommon():
    """Add Units to your Army: 1 Common Squad + 1 Uncommon is invalid (1 < 2)."""
    v = only(check(dwarves(take("c", COMMON, "squad"), take("u", UNCOMMON, "squad")), P),
             "not-enough-unlocks")
    assert v.message == "uncommon and rare units need 2 unlock points; common units grant only 1"
    assert v.entries == ("u",)
    assert v.rule == "Dulce Bellum: Building an Army"


def test_two_common_squads_unlock_an_uncommon():
    """Add Units to your Army: 2 Common Squads + 1 Uncommon is valid (2 >= 2, equal is enough)."""
    lst = dwarves(take("c1", COMMON, "squad"), take("c2", COMMON, "squad"),
                  take("u", UNCOMMON, "squad"))
    assert check(lst, P).legal


def test_one_common_company_unlocks_a_rare():
    """Add Units to your Army: 1 Common Company + 1 Rare is valid (3 >= 3)."""
    assert check(dwarves(take("c", COMMON, "company"), take("r", RARE, "squad")), P).legal


def test_a_common_horde_cannot_unlock_a_rare_and_an_uncommon():
    """Add Units to your Army: 1 Common Horde + 1 Rare + 1 Uncommon is invalid (3 < 5)."""
    lst = dwarves(take("c", COMMON, "horde"), take("r", RARE, "squad"),
                  take("u", UNCOMMON, "squad"))
    v = only(check(lst, P), "not-enough-unlocks")
    assert "need 5 unlock points" in v.message and "grant only 3" in v.message
    assert v.entries == ("r", "u")


def test_common_singles_grant_nothing():
    """Add Units to your Army: 3 Common Singles + 1 Uncommon is invalid (0 < 2)."""
    lst = dwarves(*(take(f"c{i}", COMMON, "single") for i in range(3)),
                  take("u", UNCOMMON, "squad"))
    assert "not-enough-unlocks" in codes(check(lst, P))


def test_an_irregular_horde_grants_nothing():
    """Add Units to your Army: 1 Irregular Horde + 1 Uncommon is invalid (Irregular grants 0)."""
    lst = dwarves(take("i", IRREGULAR, "horde"), take("u", UNCOMMON, "squad"))
    assert "not-enough-unlocks" in codes(check(lst, P))


def test_the_size_of_an_uncommon_does_not_change_its_unlock_cost():
    """Add Units to your Army: 1 Common Platoon + 1 Uncommon Single is valid (2 >= 2)."""
    assert check(dwarves(take("c", COMMON, "platoon"), take("u", UNCOMMON, "single")), P).legal


def test_common_and_irregular_units_are_unlimited_by_unlocks():
    """Add Units to your Army: only Common and Irregular units, any count, are valid on unlocks."""
    cheap_common = sized("levy", "common", points=10)
    cheap_irregular = sized("scouts", "irregular", points=10)
    lst = dwarves(*(take(f"c{i}", cheap_common, "single") for i in range(10)),
                  *(take(f"i{i}", cheap_irregular, "horde") for i in range(10)))
    assert check(lst, P).legal


# --- Options (Special Rules: Banners, Musicians, & Champions) --------------------------------

def test_two_banners_on_one_unit_are_illegal():
    """Banners, Musicians, & Champions: a unit cannot have 2 Musicians (here, 2 Banners)."""
    v = only(check(dwarves(take("m", MILITIA, "squad", "banner", "banner")), P), "option-repeated")
    assert v.message == ("Well Regulated Militia takes Banner 2 times; "
                         "each upgrade at most once per unit")
    assert v.entries == ("m",)
    assert v.rule == "Dulce Bellum: Banners, Musicians, & Champions"


def test_a_musician_and_a_banner_on_one_unit_are_legal():
    """Banners, Musicians, & Champions: '... but it can have a musician and a banner'."""
    assert check(dwarves(take("m", MILITIA, "squad", "musician", "banner")), P).legal


def test_the_same_upgrade_on_two_units_is_legal():
    lst = dwarves(take("a", MILITIA, "squad", "banner"), take("b", MILITIA, "squad", "banner"))
    assert check(lst, P).legal


# --- Limit: n (Building an Army: Limited Units) ----------------------------------------------

def test_a_limit_1_unit_taken_twice_at_different_sizes_is_illegal():
    """Building an Army: Limited Units: Limit 1, taken as Squad and as Platoon, is over the limit."""
    once = sized("hero-guard", "common", limit=1)
    lst = dwarves(take("a", once, "squad"), take("b", once, "platoon"))
    v = only(check(lst, P), "over-unit-limit")
    assert v.message == "2 Hero Guard; the unit's limit is 1"
    assert v.entries == ("a", "b")


def test_a_unit_taken_exactly_its_limit_is_legal():
    twice = sized("hero-guard", "common", limit=2)
    assert check(dwarves(take("a", twice, "squad"), take("b", twice, "squad")), P).legal
    lst = dwarves(*(take(x, twice, "squad") for x in "abc"))
    assert "over-unit-limit" in codes(check(lst, P))


def test_a_limit_applies_to_a_rare_unit_too():
    lst = dwarves(take("c", COMMON, "horde"), take("c2", COMMON, "horde"),
                  take("d1", DRAGON, "single"), take("d2", DRAGON, "single"))
    assert codes(check(lst, P)) == ["over-unit-limit"]


# --- One faction (Building an Army) ----------------------------------------------------------

def test_units_from_two_factions_are_illegal():
    """Building an Army ("several units from the same Faction"): an entry from another faction is wrong-faction."""
    lst = dwarves(take("c", COMMON, "squad"), take("o", ORCS, "squad"))
    v = only(check(lst, P), "wrong-faction")
    assert v.entries == ("o",)
    assert v.message == "Orc Boyz is from orcs; a dwarves army takes only its own units"


# --- Points limit (Building an Army) ---------------------------------------------------------

@pytest.mark.parametrize("limit, unusual",
                         [(1499, True), (1500, False), (3000, False), (3001, True)])
def test_a_limit_outside_1500_to_3000_is_only_a_warning(limit, unusual):
    """Building an Army: 'Standard sized armies range between 1500 points and 3000 points.'"""
    report = check(dwarves(take("c", COMMON, "squad"), limit=limit), P)
    assert report.legal
    assert [v.code for v in report.warnings] == (["unusual-points-limit"] if unusual else [])
    if unusual:
        assert report.warnings[0].message == (f"a {limit} point limit is outside the usual 1500 to "
                                              "3000 points; make sure your opponent agrees")


def test_the_usual_range_comes_from_the_game_settings():
    lst = dwarves(take("c", COMMON, "squad"), limit=1000)
    assert check(lst, params(GAME, usual_min=1000)).warnings == ()


# --- Figures ---------------------------------------------------------------------------------

def test_figures_show_unlocks_used_against_unlocks_granted():
    lst = dwarves(take("c", COMMON, "platoon"), take("r", RARE, "squad"))
    assert check(lst, P).figures == (Figure("Unlock points used", 3, 2, "max"),)
    assert not check(lst, P).figures[0].ok
