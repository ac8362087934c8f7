"""The shipped campaign numbers and tables against the book (AoF Regiments, Campaign Rules). The data lives
in armylists/games/aof_regiments/campaign/rules.json; these tests read it as the app does."""
from __future__ import annotations

import pytest

from armylists.games.aof_regiments.campaign.params import campaign_params

from .campaign_support import CAMPAIGN_DATA, PARAMS


def names(table) -> list[tuple[int, int, str]]:
    return [(r.low, r.high, r.name) for r in table.rows]


def test_the_numbers_are_the_books():
    p = PARAMS
    assert (p.length_die, p.length_add) == (6, 4)  # Campaign Types, Campaign Length: D6+4 missions, VP or weeks
    assert (p.starting_points, p.max_banked, p.max_starting_heroes) == (750, 150, 1)  # Preparation, The Armies
    assert (p.max_value_difference, p.underdog_step) == (250, 50)  # Mission Setup, The Armies; Underdog Bonus
    assert p.objective_points == 75  # Mission Setup, Special Objectives
    assert (p.win_vp, p.win_points, p.loss_points) == (2, 150, 300)  # Play Mission, Mission Goals
    assert p.event_min_roll == 5  # Play Mission, Random Events
    # Earn Experience, Earning XP
    assert (p.xp_not_casualty, p.xp_killed_unit, p.xp_killed_hero, p.xp_killed_hero_and_unit) == (1, 1, 2, 3)
    assert (p.xp_per_level, p.max_xp, p.max_level) == (5, 30, 6)  # Earn Experience, Regular Units
    # Earn Experience, Regular Units and Hero Units; Check for Casualties, Hero Units
    assert (p.level_cost, p.hero_level_cost, p.hero_trait_cost) == (25, 55, 5)
    assert p.sit_out_die == 3  # Check for Casualties, No Permadeath
    # Upgrade Armies, Selling Upgrades
    assert (p.sell_divisor, p.sell_step, p.gamble_price, p.gamble_min_roll) == (2, 5, 5, 4)
    assert (p.heroes_per_mission, p.max_heroes) == (1, 3)  # Recruit Units, Recruiting Heroes
    # Recruit Units, Recruiting Regular Units
    assert (p.veterans_per_mission, p.veteran_fee, p.veteran_xp) == (1, 50, 5)


def test_special_objectives_table():
    """Mission Setup, Special Objectives: the objectives table."""
    assert names(PARAMS.tables.objectives) == [(1, 1, "Mastery"), (2, 2, "Honor"), (3, 3, "Casting"),
                                               (4, 4, "Recovery"), (5, 5, "Rage"), (6, 6, "Destruction")]


def test_casualty_table():
    """Check for Casualties, Regular Units: the casualty table."""
    assert names(PARAMS.tables.casualties) == [(1, 1, "Dead"), (2, 5, "Recovered"), (6, 6, "Natural Talent")]


def test_injury_and_talent_tables():
    """Check for Casualties, Hero Units: the Injury Trait and Talent Trait tables."""
    assert [r.name for r in PARAMS.tables.injuries.rows] == [
        "Dead", "Chest Wound", "Blinded Eye", "Arm Injury", "Traumatized", "Smashed Leg"]
    assert [r.name for r in PARAMS.tables.talents.rows] == [
        "Natural Talent", "Motivated", "Crazed", "Bitter Rivalry", "Horrible Scars", "Toughened"]


def test_trait_table():
    """Earn Experience, Regular Units: the trait table; only Specialist is repeatable."""
    traits = PARAMS.tables.traits
    assert [r.name for r in traits.rows] == ["Agile", "Headstrong", "Specialist", "Resilient", "Elite",
                                             "Fast Learner"]
    assert [r.key for r in traits.rows if r.repeatable] == ["specialist"]


def test_skill_set_tables():
    """Earn Experience, Hero Units: the Skill Set table (pairs) and the six skill sets, Captain to Healer
    (three skills per set, 1-2, 3-4, 5-6)."""
    assert [r.sets for r in PARAMS.tables.skill_set_pairs.rows] == [
        ("captain", "support"), ("fighter", "shooter"), ("pathfinder", "healer")]
    skills = {key: [r.name for r in table.rows] for key, table in PARAMS.tables.skill_sets.items()}
    assert skills == {
        "captain": ["Leader", "Instigator", "Tactician"], "support": ["Vanguard", "Scavenger", "Mastermind"],
        "fighter": ["Duellist", "Fanatic", "Berserker"], "shooter": ["Hunter", "Destroyer", "Suppressor"],
        "pathfinder": ["Runner", "Prowler", "Climber"], "healer": ["Chemist", "Herbalist", "Warden"]}


def test_random_events_are_numbered_11_to_66_by_two_dice():
    """Rolling for Random Events: first die tens, second units; the events, 11 P.O.W. to 66 Time Warp."""
    events = PARAMS.tables.events
    assert sorted(events) == [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    assert events[21].name == "Carnivorous Fauna"  # the book's example: 2 then 1 is event 21
    assert events[11].name == "P.O.W." and events[66].name == "Time Warp"


def test_events_that_change_the_sheet_say_how():
    """The random events: 11 P.O.W. (D3 x 50 buy-back), 12 Bring me their Heads (25 per unit), 26 Finish Them!
    (+D3 XP), 35 Escort Mission (D3 x 25), 36 Enemy Plans (1 VP), 44 No Mercy (+1 XP), 46 Countdown (5 XP
    split), 51 Hearts & Minds (pay 50), 52 Moral Victory (+1 XP all), 61 Ancient Relic (D3 XP), 62 Abandoned
    Outpost (D3 x 50), 64 Extortion (D3 x 25), 65 Critical Message (1 VP), 66 Time Warp (+3 XP and 150pts)."""
    effects = {n: (e.effect.kind, e.effect.die, e.effect.per, e.effect.amount)
               for n, e in PARAMS.tables.events.items() if e.effect.kind != "none"}
    assert effects == {
        11: ("pow", 3, 50, 0), 12: ("bounty", 0, 25, 0), 26: ("xp", 3, 0, 0), 35: ("points", 3, 25, 0),
        36: ("vp", 0, 0, 1), 44: ("xp", 0, 0, 1), 46: ("xp-split", 0, 0, 5), 51: ("casualty-reroll", 0, 0, 0),
        52: ("xp-all", 0, 0, 1), 61: ("xp", 3, 0, 0), 62: ("points", 3, 50, 0), 64: ("points", 3, 25, 0),
        65: ("vp", 0, 0, 1), 66: ("time-warp", 0, 0, 0)}
    assert PARAMS.tables.events[51].effect.cost == 50
    assert (PARAMS.tables.events[66].effect.xp, PARAMS.tables.events[66].effect.points) == (3, 150)


def test_a_campaign_may_override_a_number():
    assert campaign_params(CAMPAIGN_DATA, {"loss_points": 200}).loss_points == 200


@pytest.mark.parametrize("overrides, message", [
    ({"loss_point": 1}, "unknown game setting(s): loss_point"),
    ({"win_vp": "2"}, "must be whole numbers: win_vp"),
])
def test_bad_campaign_data_is_refused_by_name(overrides, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        campaign_params(CAMPAIGN_DATA, overrides)


def test_a_table_must_cover_every_roll():
    casualties = CAMPAIGN_DATA["tables"]["casualties"]
    broken = {**CAMPAIGN_DATA["tables"], "casualties": [casualties[0], casualties[2]]}
    with pytest.raises(ValueError, match="cover 1 to 6"):
        campaign_params({**CAMPAIGN_DATA, "tables": broken})


def test_actions_round_trip_through_plain_data():
    """The log and the campaign file keep actions as JSON data; rebuilding gives the same action."""
    from armylists.rules.campaign.actions import ArmyCount, NewUnit, PostBattle, RandomEvent, Recruit, UnitResult
    from armylists.rules.campaign.data import action_from_data, to_data

    from .campaign_support import INFANTRY

    actions = [Recruit("a1", NewUnit("Vets", INFANTRY, ("spears",)), veteran=True),
               PostBattle(2, "a1", True, (UnitResult("u1", casualty=True, killed_heroes=1),)),
               RandomEvent(1, army="a2", destroyed=(ArmyCount("a1", 2),))]
    for action in actions:
        data = to_data(action)
        assert action_from_data(action.kind, data) == action
    assert to_data(actions[2]) == {"mission": 1, "army": "a2", "destroyed": [{"army": "a1", "count": 2}]}
