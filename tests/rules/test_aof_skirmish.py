"""Age of Fantasy: Skirmish list rules, as the contract (docs/violations.md) states them.

The cases are worked out from the book's army-building rules (AoF Skirmish,
Preparing your Army, Force Organisation (Optional) and Command Groups). Reading
Command Groups as one upgrade of each kind per army is not offered: the contract
makes more than one command group upgrade in the whole army a violation.
"""
from __future__ import annotations

import pytest


from .conftest import army, check, codes, entry, only, option, params, unit

GAME = "aof-skirmish"

COMMAND = (
    option("sergeant", 5, scope="model", command="sergeant"),
    option("musician", 5, scope="model", command="musician"),
    option("banner", 5, scope="model", command="banner"),
)
WARRIORS = unit("warriors", cost=30, models=3, options=(
    option("spears", 3, scope="all_models"), option("bows", 6, scope="all_models"), *COMMAND))
SCOUT = unit("scout", cost=10, models=1, options=COMMAND)
CAPTAIN = unit("captain", cost=40, hero=True, rules=("Tough(3)",), options=COMMAND)
SKELETONS = unit("skeletons", faction="undead", cost=20, models=3)
ORCS = unit("orcs", faction="orcs", cost=20, models=3)


def costing(points: int, slug: str | None = None, models: int = 1, **fields):
    """A unit of its own kind costing `points`."""
    return unit(slug or f"unit-{points}", name=f"Unit {points}", cost=points, models=models,
                **fields)


def several(n: int, prefix: str = "e", models: int = 1):
    return [entry(f"{prefix}{i}", costing(5, f"kind-{i}", models)) for i in range(1, n + 1)]


def heroes(n: int, prefix: str = "h"):
    return [entry(f"{prefix}{i}", unit(f"hero-{i}", cost=20, hero=True)) for i in range(1, n + 1)]


def report(*entries, points_limit=250, game_params=None, **fields):
    return check(army(GAME, *entries, points_limit=points_limit, **fields),
                 game_params or params(GAME))




def limits(result) -> dict[str, int]:
    return {f.label: f.limit for f in result.figures}


# --- the worked example and the derived table -------------------------------------


def test_book_example_at_250_points():
    """AoF Skirmish, Force Organisation (Optional), its example: at 250pts, max. 2 heroes, 3 copies of
    each unit, 10 units and 16 models. The example's "no unit worth over 85pts" disagrees with the 35%
    rule (87.5): the rule text wins, so 87 is legal and 88 is not."""
    result = report(*heroes(2), *[entry(f"c{i}", WARRIORS) for i in range(1, 4)],
                    entry("big", costing(87)), *several(4))
    assert result.legal, result.violations
    assert limits(result) == {"Heroes": 2, "Units": 10, "Models": 16,
                              "Most expensive unit": 87, "Most copies of one unit": 3}
    figures = {f.label: f.value for f in result.figures}
    assert figures == {"Heroes": 2, "Units": 10, "Models": 2 + 9 + 1 + 4,
                       "Most expensive unit": 87, "Most copies of one unit": 3}
    assert codes(report(entry("big", costing(88)))) == ["unit-too-expensive"]


@pytest.mark.parametrize("limit, heroes_, copies, cap, units, models", [
    (100, 0, 1, 35, 4, 6), (125, 1, 2, 43, 5, 8), (150, 1, 2, 52, 6, 10),
    (200, 1, 2, 70, 8, 13), (250, 2, 3, 87, 10, 16), (300, 2, 3, 105, 12, 20),
    (375, 3, 4, 131, 15, 25), (500, 4, 5, 175, 20, 33),
])
def test_force_organisation_limits_follow_the_derived_table(limit, heroes_, copies, cap, units,
                                                            models):
    """The limits at the usual sizes, derived from AoF Skirmish, Force Organisation (Optional): every
    limit rounds down."""
    assert limits(report(points_limit=limit)) == {
        "Heroes": heroes_, "Units": units, "Models": models, "Most expensive unit": cap,
        "Most copies of one unit": copies}


# --- points ----------------------------------------------------------------------


def test_a_list_at_the_limit_is_legal_and_one_over_is_not_even_without_force_org():
    """AoF Skirmish, Preparing your Army: the total may equal the limit, as it "doesn't go over the agreed
    limit"; one point over is an error even without force organisation."""
    assert report(entry("e1", costing(80)), entry("e2", costing(85)), entry("e3", costing(85)),
                  ).legal
    result = report(entry("e1", costing(80)), entry("e2", costing(85)), entry("e3", costing(86)),
                    force_organisation=False)
    assert codes(result) == ["points-over-limit"]


# --- heroes, copies, 35%, units, models ------------------------------------------


def test_two_heroes_are_allowed_at_250_and_three_are_not():
    """AoF Skirmish, Force Organisation (Optional): "Only 1 hero per 125pts"."""
    assert report(*heroes(2)).legal
    violation = only(report(*heroes(3)), "too-many-heroes")
    assert violation.message == "3 heroes; at most 2 at 250 points (1 per 125)"
    assert violation.rule == "AoF Skirmish: Force Organisation"


def test_a_hero_at_100_points_is_one_too_many():
    """AoF Skirmish, Force Organisation (Optional), "Only 1 hero per 125pts": floor(100 / 125) is 0."""
    assert codes(report(*heroes(1), points_limit=100)) == ["too-many-heroes"]


def test_three_copies_with_different_upgrades_are_allowed_and_four_are_not():
    """AoF Skirmish, Force Organisation (Optional): "Only 1+X copies of the same unit, where X is 1 per 125pts",
    whatever their upgrades."""
    three = [entry("e1", WARRIORS), entry("e2", WARRIORS, "spears"), entry("e3", WARRIORS, "bows")]
    assert report(*three).legal
    violation = only(report(*three, entry("e4", WARRIORS)), "too-many-copies")
    assert violation.entries == ("e1", "e2", "e3", "e4")


def test_a_combined_entry_counts_once_towards_copies():
    three = [entry("e1", WARRIORS, combined=True), entry("e2", WARRIORS), entry("e3", WARRIORS)]
    assert report(*three).legal


@pytest.mark.parametrize("cost, legal", [(85, True), (87, True), (88, False)])
def test_no_unit_may_cost_over_35_percent(cost, legal):
    """AoF Skirmish, Force Organisation (Optional): 35% of 250 is 87.5, so 87 is legal whatever the section's
    example says."""
    result = report(entry("e1", costing(cost)))
    assert result.legal is legal
    if not legal:
        assert result.violations[0].message == \
            "Unit 88 costs 88 points; no unit may cost over 87.5 (35% of 250)"


def test_ten_units_are_allowed_at_250_and_eleven_are_not():
    """AoF Skirmish, Force Organisation (Optional): "Only 1 unit per 25pts"."""
    assert report(*several(10)).legal
    assert only(report(*several(11)), "too-many-units").message == \
        "11 units; at most 10 at 250 points (1 per 25)"


def test_a_hero_is_a_unit_and_a_model_of_its_own():
    assert codes(report(*several(9), *heroes(2))) == ["too-many-units"]
    assert codes(report(*several(8, models=2), *heroes(1))) == ["too-many-models"]


def test_sixteen_models_are_allowed_at_250_and_seventeen_are_not():
    """AoF Skirmish, Force Organisation (Optional): "Only 1 model per 15pts"; heroes count as models too."""
    assert report(*several(7, models=2), *heroes(2)).legal
    violation = only(report(*several(7, models=2), *heroes(2), entry("x", SCOUT)),
                     "too-many-models")
    assert violation.message == "17 models; at most 16 at 250 points (1 per 15)"
    assert violation.entries == ("e1", "e2", "e3", "e4", "e5", "e6", "e7", "h1", "h2", "x")


def test_a_combined_entry_counts_its_models_twice():
    result = report(*[entry(f"e{i}", costing(5, f"k{i}", 4), combined=True) for i in (1, 2)],
                    entry("x", SCOUT))
    assert codes(result) == ["too-many-models"]


def test_an_event_may_change_the_model_allowance():
    sixteen = several(8, models=2)
    assert report(*sixteen).legal
    assert codes(report(*sixteen, game_params=params(GAME, model_per=20))) == ["too-many-models"]


def test_without_force_organisation_heroes_and_units_are_unlimited():
    """AoF Skirmish, Preparing your Army: "There are no limitations as to how many units you can take"; the
    limits of Force Organisation (Optional) apply only when it is on."""
    result = report(*heroes(5), *several(7), force_organisation=False)
    assert result.legal, result.violations
    assert result.figures == ()


# --- command groups: one upgrade in the whole army --------------------------------


def test_one_sergeant_in_the_army_is_allowed():
    """AoF Skirmish, Command Groups: "each army may only have one model with one of the following upgrades"."""
    assert report(entry("e1", WARRIORS, "sergeant"), entry("e2", WARRIORS)).legal


def test_a_sergeant_and_a_musician_on_different_units_are_too_many():
    """AoF Skirmish, Command Groups: one such upgrade in the whole army, of any kind."""
    violation = only(report(entry("e1", WARRIORS, "sergeant"), entry("e2", SCOUT),
                            entry("e3", WARRIORS, "musician")), "command-group")
    assert violation.entries == ("e1", "e3")
    assert violation.rule == "AoF Skirmish: Command Groups"
    # docs/checking.md, The result: upgrades by their names ("Sergeant on Warriors").
    assert violation.message == ("2 command group upgrades in the army (Sergeant on Warriors, "
                                 "Musician on Warriors); an army may have only one")


def test_two_banners_anywhere_are_too_many():
    """AoF Skirmish, Command Groups: two Banners on different units are two upgrades in the army."""
    assert codes(report(entry("e1", SCOUT, "banner"), entry("h1", CAPTAIN, "banner"))) == \
        ["command-group"]


def test_a_sergeant_and_a_banner_on_the_same_unit_are_too_many():
    """AoF Skirmish, Command Groups: two upgrades on one unit are two in the army too."""
    assert only(report(entry("e1", WARRIORS, "sergeant", "banner")), "command-group").entries == \
        ("e1",)


def test_the_command_group_rule_applies_without_force_organisation():
    result = report(entry("e1", WARRIORS, "banner", "banner"), force_organisation=False)
    assert codes(result) == ["command-group"]


# --- combining and joining ---------------------------------------------------------


def test_a_single_model_unit_or_a_hero_cannot_be_combined():
    result = report(entry("e1", SCOUT, combined=True), entry("h1", CAPTAIN, combined=True),
                    force_organisation=False)
    assert codes(result) == ["invalid-combine", "invalid-combine"]
    assert result.violations[0].rule == "AoF Skirmish: Combined Units"


def test_any_join_is_invalid_in_skirmish():
    """Skirmish has no rule for heroes joining units, even a Tough(3) hero onto three models."""
    result = report(entry("e1", WARRIORS), entry("h1", CAPTAIN, joined_to="e1"))
    violation = only(result, "invalid-join")
    assert violation.entries == ("e1", "h1")
    assert violation.rule == "AoF Skirmish: Heroes"
    assert codes(report(entry("h1", CAPTAIN, joined_to="ghost"))) == ["invalid-join"]


def test_a_hero_that_tries_to_join_is_still_a_unit_of_its_own():
    result = report(*several(10), entry("h1", CAPTAIN, joined_to="e1"))
    assert codes(result) == ["too-many-units", "invalid-join"]


# --- one faction, unless the list says otherwise ------------------------------------


def test_a_skirmish_list_is_of_one_faction_by_default():
    """AoF Skirmish, Preparing your Army: "select units and upgrades from your army's list"; the list
    file (docs/list-file.md, Top-level fields) makes `single` Skirmish's default `mixed_armies`."""
    assert params(GAME).default_mixed_armies == "single"
    result = report(entry("e1", WARRIORS), entry("e2", SKELETONS), entry("e3", ORCS))
    found = [v for v in result.violations if v.code == "wrong-faction"]
    assert [v.entries for v in found] == [("e2",), ("e3",)]
    assert found[0].message == "Skeletons is from undead; a kingdom army takes only its own units"
    assert found[0].rule == "AoF Skirmish: Preparing your Army"


def test_a_skirmish_list_may_mix_factions_when_it_says_free():
    result = report(entry("e1", WARRIORS), entry("e2", SKELETONS), mixed_armies="free")
    assert result.legal, result.violations


def test_an_event_may_change_the_default_mixing():
    lst = (entry("e1", WARRIORS), entry("e2", SKELETONS))
    assert report(*lst, game_params=params(GAME, default_mixed_armies="free")).legal


# --- tournament mixed armies (borrowed from Regiments) ----------------------------
# The list file (docs/list-file.md, Top-level fields) offers `tournament` to Regiments lists only, so the list-file
# boundary refuses it on a Skirmish list; the engine still judges one that asks.


def test_a_tournament_mixed_army_of_three_factions_is_refused():
    result = report(entry("e1", costing(80)), entry("e2", costing(80, "b")),
                    entry("e3", SKELETONS), entry("e4", ORCS), mixed_armies="tournament")
    assert codes(result) == ["too-many-factions"]
    assert result.violations[0].rule == "AoF Skirmish: Tournament Guidelines"


@pytest.mark.parametrize("primary, legal", [(29, False), (30, True)])
def test_the_primary_faction_needs_60_percent_of_the_lists_total(primary, legal):
    """docs/violations.md, `primary-under-60`: 60% of the list's own total (30 of 50), not of the limit."""
    result = report(entry("e1", costing(primary - 15)), entry("e2", costing(15, "b")),
                    entry("e3", SKELETONS), mixed_armies="tournament")
    assert codes(result) == ([] if legal else ["primary-under-60"])
