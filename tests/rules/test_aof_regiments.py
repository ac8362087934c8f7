"""Age of Fantasy: Regiments list rules, as the contract (FORMATS.md) states them.

Row ids (FO-*, CU-*, CG-*, HJ-*, MX-*) are the derived acceptance tests of
shared/rules/seed-000-aof-regiments.md §4.3. CU-1 (combining two different
entries) and CU-5 (combining three copies) cannot be written in the list
format: `combined` is a flag on one entry, which always means two copies of
that entry's unit with the same options. CU-3 (Spears with Halberds) becomes a
cost rule for the same reason and is tested in test_opr_costs.py.
"""
from __future__ import annotations

import pytest

from armylists.rules import check
from armylists.rules.model import Faction, OptionGroup
from armylists.rules.report import Figure

from .conftest import army, codes, entry, only, option, params, unit

GAME = "aof-regiments"

COMMAND = (
    option("sergeant", 5, scope="model", command="sergeant"),
    option("musician", 5, scope="model", command="musician"),
    option("banner", 5, scope="model", command="banner"),
)
INFANTRY = unit("infantry", name="Infantrymen", cost=100, models=10,
                options=(option("spears", 10, scope="all_models"), *COMMAND))
ARCHERS = unit("archers", cost=90, models=5)
CAPTAIN = unit("captain", cost=60, hero=True, rules=("Tough(3)",), options=COMMAND)
WARLORD = unit("warlord", cost=120, hero=True, rules=("Tough(6)",))
PRIEST = unit("priest", cost=40, hero=True)
DRAGON_LORD = unit("dragon-lord", name="Dragon Lord", cost=300, hero=True, rules=("Tough(9)",))
GIANT = unit("giant", cost=150, rules=("Tough(9)",))
SKELETONS = unit("skeletons", faction="undead", cost=80, models=10)
NECROMANCER = unit("necromancer", faction="undead", cost=70, hero=True, rules=("Tough(3)",))
ORCS = unit("orcs", faction="orcs", cost=80, models=10)
FACTIONS = (Faction("kingdom", "Kingdom of Albion"), Faction("undead", "Undead Legions"),
            Faction("orcs", "Orc Marauders"))


def costing(points: int, slug: str | None = None, **fields):
    """A 5-model unit of its own kind costing `points`."""
    return unit(slug or f"unit-{points}", name=f"Unit {points}", cost=points, models=5, **fields)


def hero(i: int):
    """A hero of its own kind, so several of them are not copies of one unit."""
    return unit(f"hero-{i}", name=f"Hero {i}", cost=40, hero=True)


def heroes(n: int, prefix: str = "h", **fields):
    return [entry(f"{prefix}{i}", hero(i), **fields) for i in range(1, n + 1)]


def several(n: int, make=lambda i: costing(10, f"kind-{i}"), prefix: str = "e"):
    return [entry(f"{prefix}{i}", make(i)) for i in range(1, n + 1)]


def report(*entries, points_limit=1500, game_params=None, **fields):
    return check(army(GAME, *entries, points_limit=points_limit, **fields),
                 game_params or params(GAME))




def limits(result) -> dict[str, int]:
    return {f.label: f.limit for f in result.figures}


# --- the worked example and the derived table ------------------------------------


def test_book_example_at_1500_points():
    """Regiments L305: at 1500pts, max. 4 heroes, 3 copies of each unit, no unit worth over
    525pts and 10 units in total."""
    legal = report(
        *heroes(4),
        *[entry(f"c{i}", ARCHERS) for i in range(1, 4)],
        entry("big", costing(525)),
        *several(2),
    )
    assert legal.legal, legal.violations
    assert limits(legal) == {"Heroes": 4, "Units": 10, "Most expensive unit": 525,
                             "Most copies of one unit": 3}
    illegal = report(
        *heroes(5),
        *[entry(f"c{i}", ARCHERS) for i in range(1, 5)],
        entry("big", costing(526)),
        *several(1),
    )
    assert codes(illegal) == ["too-many-heroes", "too-many-copies", "unit-too-expensive",
                              "too-many-units"]


@pytest.mark.parametrize("limit, heroes, copies, cap, units", [
    (300, 0, 1, 105, 2), (375, 1, 1, 131, 2), (500, 1, 1, 175, 3), (750, 2, 2, 262, 5),
    (1000, 2, 2, 350, 6), (1500, 4, 3, 525, 10), (2000, 5, 3, 700, 13),
    (2250, 6, 4, 787, 15), (3000, 8, 5, 1050, 20),
])
def test_force_organisation_limits_follow_the_derived_table(limit, heroes, copies, cap, units):
    """Seed-000 §1.2 derived table (FO-7 is the 1000 row): limits round down from the limit."""
    assert limits(report(points_limit=limit)) == {
        "Heroes": heroes, "Units": units, "Most expensive unit": cap,
        "Most copies of one unit": copies}


# --- force organisation: heroes -------------------------------------------------


def test_five_heroes_at_1500_are_too_many():
    """FO-1."""
    result = report(*heroes(5, "e"))
    violation = only(result, "too-many-heroes")
    assert violation.message == "5 heroes; at most 4 at 1500 points (1 per 375)"
    assert violation.entries == ("e1", "e2", "e3", "e4", "e5")
    assert violation.rule == "AoF Regiments: Force Organisation"


def test_heroes_may_equal_their_limit():
    assert report(*heroes(4)).legal


def test_a_joined_hero_still_counts_as_a_hero():
    result = report(entry("e1", INFANTRY), *heroes(4), entry("h5", CAPTAIN, joined_to="e1"))
    assert codes(result) == ["too-many-heroes"]


def test_an_event_may_change_the_hero_allowance():
    """An event override of `hero_per` changes the verdict: 4 heroes are fine at 1500
    with one per 375 points, too many with one per 500."""
    assert report(*heroes(4)).legal
    result = report(*heroes(4), game_params=params(GAME, hero_per=500))
    assert only(result, "too-many-heroes").message == \
        "4 heroes; at most 3 at 1500 points (1 per 500)"


def test_a_game_under_375_points_allows_no_hero():
    assert codes(report(entry("e1", PRIEST), points_limit=374)) == ["too-many-heroes"]


# --- force organisation: copies -----------------------------------------------------


def test_four_copies_of_one_unit_at_1500_are_too_many():
    """FO-4."""
    result = report(*[entry(f"e{i}", ARCHERS) for i in range(1, 5)], entry("x", INFANTRY))
    violation = only(result, "too-many-copies")
    assert violation.entries == ("e1", "e2", "e3", "e4")
    assert violation.message.startswith("4 copies of Archers; at most 3 at 1500 points")


def test_three_copies_are_allowed_at_1500():
    assert report(*[entry(f"e{i}", ARCHERS) for i in range(1, 4)]).legal


def test_a_combined_entry_counts_once_towards_copies():
    """FO-5: three copies where one is a combined pair (four base units) are legal."""
    result = report(entry("e1", INFANTRY, combined=True), entry("e2", INFANTRY),
                    entry("e3", INFANTRY))
    assert result.legal, result.violations


def test_copies_count_the_unit_whatever_its_options():
    result = report(entry("e1", INFANTRY), entry("e2", INFANTRY, "spears"),
                    entry("e3", INFANTRY, "banner"), entry("e4", INFANTRY, "spears"))
    assert codes(result) == ["too-many-copies"]


def test_two_copies_of_anything_at_500_are_too_many():
    """FO-9."""
    assert codes(report(entry("e1", ARCHERS), entry("e2", ARCHERS), points_limit=500)) == \
        ["too-many-copies"]


def test_a_joined_hero_counts_as_a_copy_of_its_own_unit():
    hosts = [entry(f"u{i}", INFANTRY if i < 3 else ARCHERS) for i in range(1, 5)]
    joined = [entry(f"h{i}", PRIEST, joined_to=f"u{i}") for i in range(1, 5)]
    result = report(*hosts, *joined, points_limit=2250)  # 6 heroes, 4 copies allowed
    assert result.legal, result.violations
    result = report(*hosts, *joined, points_limit=1500)
    assert only(result, "too-many-copies").entries == ("h1", "h2", "h3", "h4")


DETACHMENT = unit("infantry-detachment", name="Infantrymen Detachment", cost=55, models=5,
                  copies_of="infantry")


def test_two_sizes_of_one_unit_are_copies_of_one_unit():
    """FORMATS 1.1: `copies_of` links two sizes of one unit for `too-many-copies`; 1.0 let a
    1500-point list take 2 Infantrymen and 2 Infantrymen Detachments (seed 000 L301: "Only
    1+X copies of the same unit")."""
    result = report(entry("e1", INFANTRY), entry("e2", DETACHMENT), entry("e3", INFANTRY),
                    entry("e4", DETACHMENT))
    violation = only(result, "too-many-copies")
    assert violation.entries == ("e1", "e2", "e3", "e4")
    assert violation.message == ("4 copies of Infantrymen or Infantrymen Detachment; at most 3 "
                                 "at 1500 points (1 + 1 per 750; a combined unit counts once)")
    assert {f.label: f.value for f in result.figures}["Most copies of one unit"] == 4


def test_three_copies_across_two_sizes_are_allowed():
    result = report(entry("e1", INFANTRY, combined=True), entry("e2", DETACHMENT),
                    entry("e3", INFANTRY))
    assert result.legal, result.violations


def test_copies_of_links_units_of_one_faction_only():
    elsewhere = unit("levy", faction="undead", cost=50, models=5, copies_of="infantry")
    result = report(entry("e1", INFANTRY), entry("e2", INFANTRY), entry("e3", INFANTRY),
                    entry("e4", elsewhere))
    assert result.legal, result.violations


# --- force organisation: 35% ---------------------------------------------------------


def test_a_unit_may_cost_exactly_35_percent():
    """FO-2."""
    assert report(entry("e1", costing(525))).legal


def test_a_unit_over_35_percent_is_too_expensive():
    """FO-3, and the message shows the cost and the cap."""
    result = report(entry("e1", costing(520)), entry("e2", costing(526)))
    violation = only(result, "unit-too-expensive")
    assert violation.entries == ("e2",)
    knights = report(entry("k", unit("knights", cost=530, models=5)))
    assert only(knights, "unit-too-expensive").message == \
        "Knights costs 530 points; no unit may cost over 525 (35% of 1500)"


@pytest.mark.parametrize("cost, legal", [(262, True), (263, False)])
def test_the_35_percent_cap_at_750_is_262_and_a_half(cost, legal):
    """FO-8: 35% of 750 is 262.5, so 262 is legal and 263 is not."""
    result = report(entry("e1", costing(cost)), points_limit=750)
    assert result.legal is legal
    if not legal:
        assert "no unit may cost over 262.5 (35% of 750)" in result.violations[0].message


def test_a_combined_entry_is_judged_at_its_combined_cost():
    result = report(entry("e1", costing(263), combined=True))
    assert codes(result) == ["unit-too-expensive"]


def test_a_joined_heros_cost_counts_towards_its_units_35_percent():
    """Seed 000 L809: "when a Hero joins a unit, they count as part of that unit", so FORMATS 1.1
    judges the unit with its hero: 500 + 40 is over 525 (1.0 judged each entry on its own)."""
    result = report(entry("e1", costing(500)), entry("e2", PRIEST, joined_to="e1"))
    violation = only(result, "unit-too-expensive")
    assert violation.message == \
        "Unit 500 with Priest costs 540 points; no unit may cost over 525 (35% of 1500)"
    assert violation.entries == ("e1", "e2")
    assert limits(result)["Most expensive unit"] == 525
    assert {f.label: f.value for f in result.figures}["Most expensive unit"] == 540
    assert report(entry("e1", costing(485)), entry("e2", PRIEST, joined_to="e1")).legal


def test_a_hero_listed_before_the_unit_it_joins_is_still_part_of_it():
    result = report(entry("h1", PRIEST, joined_to="e1"), entry("e1", costing(500)))
    assert only(result, "unit-too-expensive").entries == ("h1", "e1")


def test_an_event_may_judge_a_joined_hero_on_its_own_for_35_percent():
    """FORMATS 1.1: `joined_hero_in_unit_cost` is a game setting an event may turn off."""
    alone = params(GAME, joined_hero_in_unit_cost=False)
    assert report(entry("e1", costing(500)), entry("e2", PRIEST, joined_to="e1"),
                  game_params=alone).legal
    pricey = unit("archmage", cost=530, hero=True)
    result = report(entry("e1", costing(500)), entry("e2", pricey, joined_to="e1"),
                    game_params=alone)
    assert only(result, "unit-too-expensive").entries == ("e2",)


def test_a_hero_whose_join_goes_nowhere_is_judged_alone_for_35_percent():
    result = report(entry("e1", costing(500)), entry("e2", PRIEST, joined_to="nowhere"))
    assert codes(result) == ["invalid-join"]


# --- force organisation: units -----------------------------------------------------


def test_eleven_units_at_1500_are_too_many():
    """FO-6."""
    result = report(*several(11))
    violation = only(result, "too-many-units")
    assert violation.message == "11 units; at most 10 at 1500 points (1 per 150)"
    assert violation.entries == tuple(f"e{i}" for i in range(1, 12))


def test_ten_units_at_1500_are_allowed():
    assert report(*several(10)).legal


def test_a_joined_hero_is_not_a_unit_of_its_own():
    result = report(*several(10), entry("h1", CAPTAIN, joined_to="e1"))
    assert result.legal, result.violations
    figures = {f.label: f for f in result.figures}
    assert figures["Units"] == Figure("Units", 10, 10)
    assert figures["Heroes"] == Figure("Heroes", 1, 4)


def test_a_hero_on_its_own_is_a_unit():
    assert codes(report(*several(10), entry("h1", CAPTAIN))) == ["too-many-units"]


def test_a_combined_entry_counts_once_towards_units():
    result = report(*several(9), entry("big", INFANTRY, combined=True))
    assert result.legal, result.violations


def test_regiments_has_no_model_cap():
    result = report(*[entry(f"e{i}", INFANTRY, combined=True) for i in range(1, 4)],
                    points_limit=1500)
    assert result.legal
    assert "Models" not in limits(result)


# --- force organisation off -------------------------------------------------------


def test_without_force_organisation_twenty_units_are_legal():
    """FO-10: with force organisation off only the points limit counts."""
    result = report(*[entry(f"e{i}", ARCHERS) for i in range(1, 21)],
                    *heroes(5),
                    entry("big", costing(700)), points_limit=3000, force_organisation=False)
    assert result.legal, result.violations
    assert result.figures == ()


def test_without_force_organisation_the_always_rules_still_apply():
    result = report(entry("e1", INFANTRY, "banner", "banner"), entry("e2", CAPTAIN, combined=True),
                    entry("e3", DRAGON_LORD, joined_to="e1"), force_organisation=False)
    assert codes(result) == ["command-group", "invalid-combine", "invalid-join"]


# --- combined units ---------------------------------------------------------------


def test_a_single_model_unit_cannot_be_combined():
    """CU-2."""
    violation = only(report(entry("e1", GIANT, combined=True)), "invalid-combine")
    assert violation.entries == ("e1",)
    assert violation.rule == "AoF Regiments: Combined Units"
    assert "single model" in violation.message


def test_a_hero_cannot_be_combined():
    assert "is a hero" in only(report(entry("e1", CAPTAIN, combined=True)),
                               "invalid-combine").message


def test_a_combined_unit_may_differ_in_single_model_options():
    """CU-4: a combined unit with one sergeant, musician and banner is legal."""
    result = report(entry("e1", INFANTRY, "sergeant", "musician", "banner", combined=True))
    assert result.legal, result.violations


MARKSMEN = unit("marksmen", name="Marksmen", cost=60, models=5,
                option_groups=(OptionGroup("rifle", "Replace one rifle"),
                               OptionGroup("armour", "Upgrade all models with one"),
                               OptionGroup("leader", "Upgrade one model with one")),
                options=(option("sniper-rifle", 10, scope="model", group="rifle"),
                         option("long-rifle", 5, scope="model", group="rifle"),
                         option("heavy-armour", 10, scope="all_models", group="armour"),
                         option("sergeant", 5, scope="model", command="sergeant",
                                group="leader")))


def test_a_combined_unit_may_take_a_per_model_choice_once_for_each_copy():
    """Seed 000 L309: a combined unit is two copies of the unit; FORMATS 1.1 doubles the `max`
    of a group whose options are all of `model` scope ("replace one rifle" twice)."""
    two = report(entry("e1", MARKSMEN, "sniper-rifle", "sniper-rifle", combined=True))
    assert two.legal, two.violations
    mixed = report(entry("e1", MARKSMEN, "sniper-rifle", "long-rifle", combined=True))
    assert mixed.legal, mixed.violations
    three = report(entry("e1", MARKSMEN, "sniper-rifle", "sniper-rifle", "long-rifle",
                         combined=True))
    assert only(three, "option-group").message == (
        "Marksmen takes 3 from \u201cReplace one rifle\u201d; it must take at most 2 (1 for each "
        "of its two combined copies)")


def test_an_uncombined_unit_takes_a_per_model_choice_once():
    result = report(entry("e1", MARKSMEN, "sniper-rifle", "sniper-rifle"))
    violation = only(result, "option-group")
    assert violation.message == ("Marksmen takes 2 from \u201cReplace one rifle\u201d; it must "
                                 "take at most 1")
    assert violation.rule == "AoF Regiments: Unit Options"


def test_all_models_and_command_groups_keep_their_max_when_combined():
    """FORMATS 1.1: `all_models` and command groups keep theirs (seed 000 L309: upgrades for all
    models are "bought for both"; L739: command upgrades stay one per unit, even combined)."""
    armour = report(entry("e1", MARKSMEN, "heavy-armour", "heavy-armour", combined=True))
    leader = report(entry("e1", MARKSMEN, "sergeant", "sergeant", combined=True))
    assert codes(armour) == ["option-group"]
    assert codes(leader) == ["option-group", "command-group"]


# --- command groups ---------------------------------------------------------------


def test_a_combined_unit_with_two_banners_breaks_command_groups():
    """CG-1 (and CU-4's exception): each unit, even combined, has one banner at most."""
    violation = only(report(entry("e1", INFANTRY, "banner", "banner", combined=True)),
                     "command-group")
    assert violation.entries == ("e1",)
    assert violation.rule == "AoF Regiments: Command Groups"
    assert "2 banners" in violation.message


def test_a_unit_with_two_sergeants_breaks_command_groups():
    assert codes(report(entry("e1", INFANTRY, "sergeant", "sergeant"))) == ["command-group"]


def test_command_upgrades_are_counted_per_unit_not_per_army():
    result = report(entry("e1", INFANTRY, "banner"), entry("e2", INFANTRY, "banner"))
    assert result.legal, result.violations


def test_a_banner_on_a_joined_hero_and_one_on_its_unit_are_two_banners_in_one_unit():
    """Seed 000 L739 ("each unit may only have one of each of the following upgrades") with L809
    (a joined hero "count[s] as part of that unit"): FORMATS 1.1 counts the hero's upgrades as
    its unit's, where 1.0 counted them apart."""
    result = report(entry("e1", INFANTRY, "banner"), entry("h1", CAPTAIN, "banner", joined_to="e1"))
    violation = only(result, "command-group")
    assert violation.entries == ("e1", "h1")
    assert violation.message == ("Infantrymen with Captain has 2 banners; a unit may have only "
                                 "one of each command upgrade, even when combined or joined by a "
                                 "hero")


def test_a_joined_hero_may_bring_a_command_upgrade_its_unit_lacks():
    result = report(entry("e1", INFANTRY, "banner"), entry("h1", CAPTAIN, "sergeant", joined_to="e1"))
    assert result.legal, result.violations


def test_a_heros_banner_is_its_own_when_it_has_not_joined():
    result = report(entry("e1", INFANTRY, "banner"), entry("h1", CAPTAIN, "banner"))
    assert result.legal, result.violations


# --- heroes joining units ---------------------------------------------------------


def test_a_tough_6_hero_may_join_a_unit_of_five():
    """HJ-1."""
    result = report(entry("e1", ARCHERS), entry("h1", WARLORD, joined_to="e1"))
    assert result.legal, result.violations


def test_a_hero_without_tough_may_join():
    assert report(entry("e1", ARCHERS), entry("h1", PRIEST, joined_to="e1")).legal


def test_a_hero_may_join_a_combined_unit():
    assert report(entry("e1", INFANTRY, combined=True), entry("h1", PRIEST, joined_to="e1")).legal


def test_a_tough_9_hero_cannot_join():
    """HJ-2."""
    violation = only(report(entry("e1", ARCHERS), entry("h1", DRAGON_LORD, joined_to="e1")),
                     "invalid-join")
    assert violation.message == "Dragon Lord has Tough(9); only heroes up to Tough(6) may join a unit"
    assert violation.entries == ("e1", "h1")
    assert violation.rule == "AoF Regiments: Heroes"


def test_a_hero_cannot_join_a_single_model_unit():
    """HJ-3."""
    assert codes(report(entry("e1", GIANT), entry("h1", CAPTAIN, joined_to="e1"))) == \
        ["invalid-join"]


def test_a_second_hero_cannot_join_the_same_unit():
    """HJ-4: the first hero in list order keeps the unit; the later one is flagged."""
    result = report(entry("e1", ARCHERS), entry("h1", CAPTAIN, joined_to="e1"),
                    entry("h2", PRIEST, joined_to="e1"))
    violation = only(result, "invalid-join")
    assert violation.entries == ("e1", "h1", "h2")
    assert violation.message.startswith("Priest cannot join Archers: Captain has already")


def test_a_non_hero_cannot_join():
    violation = only(report(entry("e1", INFANTRY), entry("e2", ARCHERS, joined_to="e1")),
                     "invalid-join")
    assert violation.message == "Archers is not a hero; only heroes may join a unit"


def test_a_hero_cannot_join_a_hero():
    assert codes(report(entry("h1", WARLORD), entry("h2", PRIEST, joined_to="h1"))) == \
        ["invalid-join"]


def test_a_join_to_an_unknown_entry_is_reported_not_a_crash():
    violation = only(report(entry("h1", PRIEST, joined_to="nowhere")), "invalid-join")
    assert violation.message == "Priest joins 'nowhere', which is not an entry of this list"
    assert violation.entries == ("h1",)


def test_a_hero_joining_another_factions_unit_is_allowed_in_free_mixing():
    assert report(entry("e1", INFANTRY), entry("h1", NECROMANCER, joined_to="e1")).legal


# --- tournament mixed armies ------------------------------------------------------


def tournament(*entries, **fields):
    return report(*entries, mixed_armies="tournament", **fields)


def test_in_a_tournament_mixed_army_a_hero_only_joins_its_own_faction():
    """HJ-5 (seed 000 L3514: "heroes from either faction list may only join other units from
    their own faction")."""
    result = tournament(entry("e1", INFANTRY, combined=True), entry("e2", costing(400)),
                        entry("e3", costing(300, "more")), entry("h1", NECROMANCER, joined_to="e1"),
                        factions=FACTIONS)
    violation = only(result, "invalid-join")
    assert violation.rule == "AoF Regiments: Tournament Guidelines"
    assert violation.entries == ("e1", "h1")
    assert violation.message == ("Necromancer (Undead Legions) cannot join Infantrymen (Kingdom "
                                 "of Albion): in mixed armies heroes only join units of their own "
                                 "faction")
    assert codes(result) == ["invalid-join"]


def test_a_tournament_mixed_army_of_three_factions_is_refused():
    """MX-1, with the factions named as players know them (FORMATS 1.1, "Messages")."""
    entries = (entry("e1", costing(500)), entry("e2", costing(400, "b")),
               entry("e3", SKELETONS), entry("e4", ORCS))
    violation = only(tournament(*entries, factions=FACTIONS), "too-many-factions")
    assert violation.entries == ("e3", "e4")
    assert violation.message == ("entries from 3 factions (Kingdom of Albion, Undead Legions "
                                 "and Orc Marauders); a mixed army may use at most 2")
    unnamed = only(tournament(*entries), "too-many-factions")
    assert unnamed.message.startswith("entries from 3 factions (kingdom, undead and orcs)")


def test_a_tournament_mixed_army_of_two_factions_is_allowed():
    assert tournament(entry("e1", costing(500)), entry("e2", costing(400, "b")),
                      entry("e3", SKELETONS)).legal


@pytest.mark.parametrize("primary, legal", [(119, False), (120, True)])
def test_the_primary_faction_needs_60_percent_of_the_lists_own_total(primary, legal):
    """MX-2 as FORMATS 1.1 words it: "at least 60% worth of units of their primary faction"
    (seed 000 L3514) is 60% of the list's total, here 120 of 200 (1.0 measured the limit)."""
    result = tournament(entry("e1", costing(primary - 40)), entry("e2", costing(40, "b")),
                        entry("e3", SKELETONS), factions=FACTIONS)
    assert result.legal is legal
    if not legal:
        violation = only(result, "primary-under-60")
        assert violation.message == ("the primary faction (Kingdom of Albion) costs 119 of the "
                                     "list's 199 points; it must cost at least 119.4 (60% of 199)")
        assert violation.rule == "AoF Regiments: Tournament Guidelines"
        assert violation.entries == ("e3",)


def test_a_small_mixed_list_is_measured_against_its_own_points_not_the_limit():
    """FORMATS 1.1: a 1000-point list of 800 primary points is legal at a 1500-point event."""
    result = tournament(entry("e1", costing(400)), entry("e2", costing(400, "b")),
                        entry("e3", costing(200, "c", faction="undead")))
    assert result.points == 1000
    assert result.legal, result.violations


def test_a_tournament_list_of_one_faction_is_never_under_60_percent():
    """FORMATS 1.1: `primary-under-60` applies only to lists that mix factions."""
    assert tournament(entry("e1", costing(100)), points_limit=1500).legal


def test_regiments_lists_mix_factions_freely_unless_they_say_otherwise():
    """Seed 000 L292: "select units and upgrades from one or more armies of your choice"."""
    assert params(GAME).default_mixed_armies == "free"
    assert report(entry("e1", INFANTRY), entry("e2", SKELETONS)).legal


def test_a_single_faction_regiments_list_refuses_other_factions():
    """FORMATS 1.1: `mixed_armies` `single` means every entry from the list's faction."""
    result = report(entry("e1", INFANTRY), entry("e2", SKELETONS), mixed_armies="single",
                    factions=FACTIONS)
    violation = only(result, "wrong-faction")
    assert violation.entries == ("e2",)
    assert violation.message == ("Skeletons is from Undead Legions; a Kingdom of Albion army "
                                 "takes only its own units")
    assert violation.rule == "AoF Regiments: Preparing your Army"


def test_mixed_army_limits_apply_only_in_tournament_mode():
    result = report(entry("e1", SKELETONS), entry("e2", ORCS), entry("e3", ARCHERS),
                    entry("h1", NECROMANCER, joined_to="e3"))
    assert result.legal, result.violations


def test_violations_come_in_a_fixed_order_with_their_entries_in_list_order():
    result = tournament(*[entry(f"e{i}", PRIEST) for i in range(1, 6)],
                        entry("e6", SKELETONS), entry("e7", ORCS), points_limit=1500)
    assert codes(result) == ["too-many-heroes", "too-many-copies", "too-many-factions",
                             "primary-under-60"]
