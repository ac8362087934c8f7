"""Age of Fantasy: Regiments units: combined units, command groups, heroes joining units and
mixed armies, as the contract (docs/violations.md) states them.

The cases are worked out from AoF Regiments, Combined Units, Command Groups,
Special Rules Reference: Hero, and Tournament Guidelines: The Armies. Combining
two different entries and combining three copies (Combined Units: "two copies of
the same multi-model unit") cannot be written in the list format: `combined` is
a flag on one entry, which always means two copies of that entry's unit with the
same options. Its example, Spears with Halberds ("any upgrades that are applied
to all models are bought for both"), becomes a cost rule for the same reason and
is tested in test_opr_costs.py.
"""
from __future__ import annotations

import pytest

from armylists.rules.model import OptionGroup

from .conftest import codes, entry, only, option, params, unit
from .regiments import (
    ARCHERS, CAPTAIN, DRAGON_LORD, FACTIONS, GAME, GIANT, INFANTRY, NECROMANCER, ORCS, PRIEST,
    SKELETONS, WARLORD, costing, report)

# --- combined units ---------------------------------------------------------------


def test_a_single_model_unit_cannot_be_combined():
    """AoF Regiments, Combined Units: only a "multi-model unit" combines, so a single model cannot."""
    violation = only(report(entry("e1", GIANT, combined=True)), "invalid-combine")
    assert violation.entries == ("e1",)
    assert violation.rule == "AoF Regiments: Combined Units"
    assert "single model" in violation.message


def test_a_hero_cannot_be_combined():
    assert "is a hero" in only(report(entry("e1", CAPTAIN, combined=True)),
                               "invalid-combine").message


def test_a_combined_unit_may_differ_in_single_model_options():
    """AoF Regiments, Combined Units and Command Groups: a combined unit with one sergeant, musician and banner
    is legal."""
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
    """AoF Regiments, Combined Units: a combined unit is two copies of the unit; the check doubles the `max`
    of a group whose options are all of `model` scope ("replace one rifle" twice; docs/faction-file.md,
    Options and option groups)."""
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
    """docs/faction-file.md, Options and option groups: `all_models` and command groups keep theirs (AoF
    Regiments, Combined Units: upgrades for all models are "bought for both"; Command Groups: command
    upgrades stay one per unit, even combined)."""
    armour = report(entry("e1", MARKSMEN, "heavy-armour", "heavy-armour", combined=True))
    leader = report(entry("e1", MARKSMEN, "sergeant", "sergeant", combined=True))
    assert codes(armour) == ["option-group"]
    assert codes(leader) == ["option-group", "command-group"]


# --- command groups ---------------------------------------------------------------


def test_a_combined_unit_with_two_banners_breaks_command_groups():
    """AoF Regiments, Command Groups ("even combined units"): each unit, even combined, has one banner at most."""
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
    """AoF Regiments, Command Groups ("each unit may only have one of each of the following upgrades") with
    Special Rules Reference: Hero (a joined hero "count[s] as part of that unit"): the check counts the
    hero's upgrades as its unit's (docs/violations.md, `command-group`), where format 1.0 counted them
    apart."""
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
    """AoF Regiments, Special Rules Reference: Hero: "Heroes with up to Tough(6) may deploy as part of one
    multi-model unit"."""
    result = report(entry("e1", ARCHERS), entry("h1", WARLORD, joined_to="e1"))
    assert result.legal, result.violations


def test_a_hero_without_tough_may_join():
    assert report(entry("e1", ARCHERS), entry("h1", PRIEST, joined_to="e1")).legal


def test_a_hero_may_join_a_combined_unit():
    assert report(entry("e1", INFANTRY, combined=True), entry("h1", PRIEST, joined_to="e1")).legal


def test_a_tough_9_hero_cannot_join():
    """AoF Regiments, Special Rules Reference: Hero: a Tough(9) hero is over Tough(6), so it cannot join."""
    violation = only(report(entry("e1", ARCHERS), entry("h1", DRAGON_LORD, joined_to="e1")),
                     "invalid-join")
    assert violation.message == "Dragon Lord has Tough(9); only heroes up to Tough(6) may join a unit"
    assert violation.entries == ("e1", "h1")
    assert violation.rule == "AoF Regiments: Heroes"


def test_a_hero_cannot_join_a_single_model_unit():
    """AoF Regiments, Special Rules Reference: Hero: a hero joins only a "multi-model unit"."""
    assert codes(report(entry("e1", GIANT), entry("h1", CAPTAIN, joined_to="e1"))) == \
        ["invalid-join"]


def test_a_second_hero_cannot_join_the_same_unit():
    """AoF Regiments, Special Rules Reference: Hero ("without another Hero"): the first hero in list order keeps
    the unit; the later one is flagged."""
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
    """AoF Regiments, Tournament Guidelines: The Armies, Mixed Armies: "heroes from either faction list may only
    join other units from their own faction"."""
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
    """AoF Regiments, Tournament Guidelines: The Armies, Mixed Armies ("units from up to two factions"), with
    the factions named as players know them (docs/checking.md, The result)."""
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
    """AoF Regiments, Tournament Guidelines: The Armies, Mixed Armies, as docs/violations.md words it: "at least
    60% worth of units of their primary faction" is 60% of the list's total, here 120 of 200
    (format 1.0 measured the limit)."""
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
    """docs/violations.md, `primary-under-60`: a 1000-point list of 800 primary points is legal at a 1500-point
    event."""
    result = tournament(entry("e1", costing(400)), entry("e2", costing(400, "b")),
                        entry("e3", costing(200, "c", faction="undead")))
    assert result.points == 1000
    assert result.legal, result.violations


def test_a_tournament_list_of_one_faction_is_never_under_60_percent():
    """docs/violations.md: `primary-under-60` applies only to lists that mix factions, even one whose
    options bring its total below nothing."""
    assert tournament(entry("e1", costing(100)), points_limit=1500).legal
    bargain = unit("rabble", cost=0, models=5, options=(option("no-weapons", -10),))
    assert codes(tournament(entry("e1", bargain, "no-weapons"))) == []


def test_regiments_lists_mix_factions_freely_unless_they_say_otherwise():
    """AoF Regiments, Preparing your Army: "select units and upgrades from one or more armies of your choice"."""
    assert params(GAME).default_mixed_armies == "free"
    assert report(entry("e1", INFANTRY), entry("e2", SKELETONS)).legal


def test_a_single_faction_regiments_list_refuses_other_factions():
    """docs/list-file.md, Top-level fields: `mixed_armies` `single` means every entry from the list's faction."""
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
