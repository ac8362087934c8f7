"""Age of Fantasy: Regiments force organisation, as the contract (docs/violations.md) states it.

The cases are worked out from AoF Regiments, Force Organisation (Optional);
combined units, command groups, heroes joining units and mixed armies are in
test_aof_regiments_units.py.
"""
from __future__ import annotations

import pytest

from armylists.rules.report import Figure

from .conftest import codes, entry, only, params, unit
from .regiments import (
    ARCHERS, CAPTAIN, DRAGON_LORD, GAME, INFANTRY, PRIEST, costing, heroes, limits, report,
    several)

# --- the worked example and the derived table ------------------------------------


def test_book_example_at_1500_points():
    """AoF Regiments, Force Organisation (Optional), its example: at 1500pts, max. 4 heroes, 3 copies
    of each unit, no unit worth over 525pts and 10 units in total."""
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
    """The limits at the usual sizes, derived from AoF Regiments, Force Organisation (Optional): limits
    round down from the limit."""
    assert limits(report(points_limit=limit)) == {
        "Heroes": heroes, "Units": units, "Most expensive unit": cap,
        "Most copies of one unit": copies}


# --- force organisation: heroes -------------------------------------------------


def test_five_heroes_at_1500_are_too_many():
    """AoF Regiments, Force Organisation (Optional): "Only 1 hero per 375pts", so 5 at 1500 are too many."""
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
    """AoF Regiments, Force Organisation (Optional): "Only 1+X copies of the same unit", so 3 at 1500."""
    result = report(*[entry(f"e{i}", ARCHERS) for i in range(1, 5)], entry("x", INFANTRY))
    violation = only(result, "too-many-copies")
    assert violation.entries == ("e1", "e2", "e3", "e4")
    assert violation.message.startswith("4 copies of Archers; at most 3 at 1500 points")


def test_three_copies_are_allowed_at_1500():
    assert report(*[entry(f"e{i}", ARCHERS) for i in range(1, 4)]).legal


def test_a_combined_entry_counts_once_towards_copies():
    """AoF Regiments, Force Organisation (Optional), "combined units count as one": three copies where one is
    a combined pair (four base units) are legal."""
    result = report(entry("e1", INFANTRY, combined=True), entry("e2", INFANTRY),
                    entry("e3", INFANTRY))
    assert result.legal, result.violations


def test_copies_count_the_unit_whatever_its_options():
    result = report(entry("e1", INFANTRY), entry("e2", INFANTRY, "spears"),
                    entry("e3", INFANTRY, "banner"), entry("e4", INFANTRY, "spears"))
    assert codes(result) == ["too-many-copies"]


def test_two_copies_of_anything_at_500_are_too_many():
    """AoF Regiments, Force Organisation (Optional): X is 0 at 500 points, so 1 copy of each unit."""
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
    """docs/faction-file.md, AoF Regiments and AoF Skirmish: `copies_of` links two sizes of one unit for
    `too-many-copies`; format 1.0 let a 1500-point list take 2 Infantrymen and 2 Infantrymen Detachments
    (AoF Regiments, Force Organisation (Optional): "Only 1+X copies of the same unit")."""
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
    """AoF Regiments, Force Organisation (Optional): "No single unit worth over 35%"; 525 of 1500 is not over."""
    assert report(entry("e1", costing(525))).legal


def test_a_unit_over_35_percent_is_too_expensive():
    """AoF Regiments, Force Organisation (Optional): 526 of 1500 is over 35%, and the message shows the cost
    and the cap."""
    result = report(entry("e1", costing(520)), entry("e2", costing(526)))
    violation = only(result, "unit-too-expensive")
    assert violation.entries == ("e2",)
    knights = report(entry("k", unit("knights", cost=530, models=5)))
    assert only(knights, "unit-too-expensive").message == \
        "Knights costs 530 points; no unit may cost over 525 (35% of 1500)"


@pytest.mark.parametrize("cost, legal", [(262, True), (263, False)])
def test_the_35_percent_cap_at_750_is_262_and_a_half(cost, legal):
    """AoF Regiments, Force Organisation (Optional): 35% of 750 is 262.5, so 262 is legal and 263 is not."""
    result = report(entry("e1", costing(cost)), points_limit=750)
    assert result.legal is legal
    if not legal:
        assert "no unit may cost over 262.5 (35% of 750)" in result.violations[0].message


def test_a_combined_entry_is_judged_at_its_combined_cost():
    result = report(entry("e1", costing(263), combined=True))
    assert codes(result) == ["unit-too-expensive"]


def test_a_joined_heros_cost_counts_towards_its_units_35_percent():
    """AoF Regiments, Special Rules Reference: Hero: "when a Hero joins a unit, they count as part of that
    unit", so the check (docs/violations.md, `unit-too-expensive`) judges the unit with its hero: 500 + 40
    is over 525 (format 1.0 judged each entry on its own)."""
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
    """docs/game-settings.md, AoF Regiments and AoF Skirmish: `joined_hero_in_unit_cost` is a game setting an event may
    turn off."""
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
    """AoF Regiments, Force Organisation (Optional): "Only 1 unit per 150pts", so 10 at 1500."""
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
    """AoF Regiments, Force Organisation (Optional) is optional; off, only the points limit counts (Preparing your
    Army: "as long as their point cost doesn't go over the agreed total game size")."""
    result = report(*[entry(f"e{i}", ARCHERS) for i in range(1, 21)],
                    *heroes(5),
                    entry("big", costing(700)), points_limit=3000, force_organisation=False)
    assert result.legal, result.violations
    assert result.figures == ()


def test_without_force_organisation_the_always_rules_still_apply():
    result = report(entry("e1", INFANTRY, "banner", "banner"), entry("e2", CAPTAIN, combined=True),
                    entry("e3", DRAGON_LORD, joined_to="e1"), force_organisation=False)
    assert codes(result) == ["command-group", "invalid-combine", "invalid-join"]
