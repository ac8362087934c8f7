"""XP, levels, traits, skills and unit values (AoF Regiments, Campaign Rules: Earn Experience), and the value
formula of hero injuries and talents (Check for Casualties, Hero Units)."""
from __future__ import annotations

import pytest

from armylists.games.aof_regiments.campaign.progression import casualty_roll, earn_xp
from armylists.rules.campaign import Choices, Dice, NeedChoice, NeedDie, unit_value
from armylists.rules.campaign.model import UnitState

from .campaign_support import CAPTAIN, INFANTRY, PARAMS


def regular(xp=0, **fields) -> UnitState:
    return UnitState("u1", "Foot", INFANTRY, xp=xp, **fields)


def hero(xp=0, **fields) -> UnitState:
    return UnitState("u2", "Sir Roland", CAPTAIN, xp=xp, **fields)


def gain(unit, xp, dice, choices=None):
    return earn_xp(unit, xp, PARAMS, Dice(dice), Choices(choices))


@pytest.mark.parametrize("xp, expected", [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (29, 5), (30, 6)])
def test_a_level_every_5_xp(xp, expected):
    """Earn Experience, Regular Units: "When a unit earns 5 XP it becomes 25pts more expensive"; max. 6 level-ups."""
    assert PARAMS.level(xp) == expected


def test_4_to_11_xp_gains_two_levels_two_traits_and_50_points():
    """Earn Experience, Regular Units: a unit crossing 5 and 10 XP levels up twice, +25 points and one trait roll
    each."""
    unit = regular(xp=4)
    result = gain(unit, 7, [1, 2])
    assert (result.unit.xp, result.levels) == (11, 2)
    assert result.unit.traits == ("agile", "headstrong")
    assert unit_value(result.unit, PARAMS) - unit_value(unit, PARAMS) == 50


def test_4_to_9_xp_is_one_level_25_points_for_a_unit_and_55_for_a_hero():
    """Earn Experience, Regular Units and Hero Units: heroes become 55pts more expensive (instead of only 25pts)."""
    assert unit_value(gain(regular(4), 5, [2]).unit, PARAMS) == 90 + 25
    leveled = gain(hero(4), 5, [1, 1], {"u2/level1/skill-set": "captain"}).unit
    assert unit_value(leveled, PARAMS) == 60 + 55


def test_28_plus_5_xp_stops_at_30():
    """Earn Experience, Regular Units: "Units can't earn more than 30xp, so they can level up max. 6 times"."""
    result = gain(regular(28, traits=("agile", "headstrong", "resilient", "elite", "specialist:melee")), 5, [3],
                  {"u1/level6/specialist": "shooting"})
    assert (result.unit.xp, result.kept, result.levels) == (30, 2, 1)
    assert PARAMS.level(result.unit.xp) == 6
    assert gain(result.unit, 5, []).unit.xp == 30


def test_a_trait_already_held_is_rolled_again():
    """Earn Experience, Regular Units: "if you roll a trait you already have simply re-roll"."""
    result = gain(regular(4, traits=("agile",)), 1, [1, 1, 4])
    assert result.unit.traits == ("agile", "resilient")


def test_specialist_can_be_gained_again_and_asks_melee_or_shooting():
    """Earn Experience, Regular Units (the trait table and the rule under it): Specialist (+1 in melee or shooting, pick
    one) is the one repeatable trait."""
    unit = regular(4, traits=("specialist:melee",))
    with pytest.raises(NeedChoice) as asked:
        gain(unit, 1, [3])
    assert asked.value.options == ("melee", "shooting")
    result = gain(unit, 1, [3], {"u1/level1/specialist": "shooting"})
    assert result.unit.traits == ("specialist:melee", "specialist:shooting")


def test_fast_learner_picks_any_other_trait_and_is_not_kept():
    """Earn Experience, Regular Units (the trait table): Fast Learner "May pick any other trait from the list"."""
    unit = regular(4, traits=("agile",))
    with pytest.raises(NeedChoice) as asked:
        gain(unit, 1, [6])
    assert "agile" not in asked.value.options and "fast-learner" not in asked.value.options
    assert "specialist" in asked.value.options
    result = gain(unit, 1, [6], {"u1/level1/fast-learner": "elite"})
    assert result.unit.traits == ("agile", "elite")


def test_a_roll_the_player_did_not_enter_is_asked_for_when_the_app_is_not_rolling():
    with pytest.raises(NeedDie) as asked:
        gain(regular(4), 1, [])
    assert asked.value.key == "u1/level1"


def test_the_app_rolls_when_no_die_is_entered_and_records_what_it_rolled():
    dice = Dice({}, fallback=lambda sides: 2)
    result = earn_xp(regular(4), 1, PARAMS, dice, Choices())
    assert result.unit.traits == ("headstrong",)
    assert dice.used == {"u1/level1": [2]}


def test_a_hero_picks_a_skill_set_from_the_roll_and_rolls_its_skill():
    """Earn Experience, Hero Units: first level-up: roll for the skill set pair (1-2 Captain or Support), pick
    one, then roll a skill of it (the Captain skill set: 1-2 Leader, 3-4 Instigator, 5-6 Tactician)."""
    result = gain(hero(4), 1, [2, 5], {"u2/level1/skill-set": "captain"})
    assert result.unit.skill_sets == ("captain",)
    assert result.unit.skills == ("tactician",)
    assert result.unit.traits == ()  # heroes roll skills, not the regular trait table


def test_a_hero_with_all_three_skills_of_its_set_rolls_a_second_set():
    """Earn Experience, Hero Units: "If a hero already has all 3 traits of its skill set, then it may roll on the table
    again"."""
    unit = hero(19, skill_sets=("captain",), skills=("leader", "instigator", "tactician"))
    result = gain(unit, 1, [1, 2])
    # The pair 1-2 offers Captain or Support; Captain is held, so Support is the only choice.
    assert result.unit.skill_sets == ("captain", "support")
    assert result.unit.skills[-1] == "vanguard"


def test_a_hero_rerolls_a_skill_it_already_has():
    """Earn Experience, Hero Units: "Each trait can only be gained once, so if you roll a trait you already have simply
    re-roll"."""
    unit = hero(9, skill_sets=("fighter",), skills=("duellist",))
    assert gain(unit, 1, [1, 2, 6]).unit.skills == ("duellist", "berserker")


@pytest.mark.parametrize("roll, dead, xp", [(1, True, 0), (2, False, 0), (5, False, 0), (6, False, 1)])
def test_regular_casualty_table(roll, dead, xp):
    """Check for Casualties, Regular Units: 1 Dead, 2-5 Recovered, 6 Natural Talent (+1 XP)."""
    outcome = casualty_roll(regular(), PARAMS, Dice([roll]))
    assert (outcome.dead, outcome.xp) == (dead, xp)


def test_a_hero_casualty_of_1_then_injury_3_is_a_blinded_eye_and_5_points_cheaper():
    """Check for Casualties, Hero Units and the Injury table: on a 1 a hero becomes 5pts cheaper and gets an Injury (3:
    Blinded Eye)."""
    outcome = casualty_roll(hero(), PARAMS, Dice([1, 3]))
    assert outcome.injury == "blinded-eye" and not outcome.dead
    assert unit_value(hero(injuries=("blinded-eye",)), PARAMS) == 60 - 5


def test_a_hero_casualty_of_1_then_injury_1_is_dead():
    """Check for Casualties, the Injury table: Injury 1, Dead: remove the hero from the army sheet."""
    assert casualty_roll(hero(), PARAMS, Dice([1, 1])).dead


def test_a_hero_casualty_of_6_then_talent_6_is_toughened_and_5_points_dearer():
    """Check for Casualties, Hero Units and the Talent table: on a 6 a hero becomes 5pts more expensive and gains a
    Talent (6: Toughened)."""
    outcome = casualty_roll(hero(), PARAMS, Dice([6, 6]))
    assert outcome.talent == "toughened"
    assert unit_value(hero(talents=("toughened",)), PARAMS) == 60 + 5


def test_a_hero_talent_of_1_is_natural_talent_with_1_xp():
    """Check for Casualties, the Talent table: Natural Talent: the hero recovers and gets +1 XP."""
    outcome = casualty_roll(hero(), PARAMS, Dice([6, 1]))
    assert (outcome.talent, outcome.xp) == ("natural-talent", 1)


def test_hero_injuries_and_talents_already_held_are_rolled_again():
    """Check for Casualties, Hero Units: "Each trait can only be gained once, so if you roll the same result simply
    re-roll"."""
    assert casualty_roll(hero(injuries=("blinded-eye",)), PARAMS, Dice([1, 3, 4])).injury == "arm-injury"
    assert casualty_roll(hero(talents=("crazed",)), PARAMS, Dice([6, 3, 2])).talent == "motivated"


def test_a_hero_with_every_talent_gains_nothing_more_on_a_6():
    everything = tuple(r.key for r in PARAMS.tables.talents.rows)
    outcome = casualty_roll(hero(talents=everything), PARAMS, Dice([6]))
    assert (outcome.talent, outcome.dead) == (None, False)


def test_unit_value_formula():
    """Base + upgrades + 25 per level (55 for heroes) +- 5 per hero talent or injury (Check for Casualties, Hero Units;
    Earn Experience, Regular Units and Hero Units)."""
    unit = regular(12, upgrades=("spears", "sergeant"))
    assert unit_value(unit, PARAMS) == 90 + 10 + 5 + 2 * 25
    scarred = hero(10, upgrades=("holy-sword",), injuries=("chest-wound", "arm-injury"), talents=("crazed",))
    assert unit_value(scarred, PARAMS) == 60 + 25 + 2 * 55 - 2 * 5 + 5


def test_without_campaign_rules_a_unit_is_worth_its_base_and_upgrades():
    assert unit_value(regular(25, upgrades=("spears",)), None) == 100


def test_a_player_may_enter_all_of_a_units_dice_in_the_order_rolled():
    """The casualty die, then the injury die (Check for Casualties, Hero Units), entered together for the unit."""
    dice = Dice({"u2/*": [1, 4]})
    assert casualty_roll(hero(), PARAMS, dice).injury == "arm-injury"
    assert dice.used == {"u2/casualty": [1], "u2/injury": [4]}
