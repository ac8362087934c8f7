"""Random events that change the army sheet (AoF Regiments, Campaign Rules: Rolling for Random Events and the
events 11 to 66), and the game master's corrections."""
from __future__ import annotations

import pytest

from armylists.rules.campaign import Refused
from armylists.rules.campaign.actions import (Adjust, ArmyCount, Fielded, RandomEvent, RecordResult, SetStatus,
                                              SetTraits, StartMission, UnitResult, UnitXp)

from .campaign_support import Play


@pytest.fixture
def play() -> Play:
    """Mission 1 set up (Red fields u1, u2, u3; Blue u8, u9), its result not recorded yet."""
    play = Play()
    play.two_armies()
    play(StartMission((Fielded("a1", ("u1", "u2", "u3")), Fielded("a2", ("u8", "u9")))), dice=[1, 1])
    return play


def event(play, dice, **fields):
    return play(RandomEvent(1, **fields), dice=dice)


def test_the_event_is_read_from_two_dice_as_tens_and_units(play):
    """Rolling for Random Events, its example: first die 2, second die 1 is event 21 (Carnivorous Fauna, a change to the
    game only)."""
    before = play.army("a1").bank
    assert event(play, [2, 1]).summary == "round 1: random event 21, Carnivorous Fauna"
    assert play.army("a1").bank == before


def test_extortion_gives_d3_times_25_points(play):
    """Event 64, Extortion: "Select one random army, which immediately gets D3 * 25pts"."""
    before = play.army("a2").bank
    event(play, [6, 4, 3], army="a2")
    assert play.army("a2").bank == before + 75
    assert play.army("a2").ledger[-1].reason == "event"


def test_critical_message_gives_1_vp(play):
    """Event 65, Critical Message."""
    event(play, [6, 5], army="a1")
    assert play.army("a1").vp == 1


def test_ancient_relic_xp_is_earned_at_the_post_battle(play):
    """Event 61, Ancient Relic: D3 x 1 XP; the XP counts as earned during the match."""
    event(play, [6, 1, 2], army="a1", units=("u1",))
    play(RecordResult(1, "a1"))
    play.post_battle("a1")
    assert play.unit("a1", "u1").xp == 2 + 1


def test_event_xp_is_lost_with_the_rest_of_the_match_without_permadeath():
    """Check for Casualties, No Permadeath: a unit down without permadeath loses "all XP earned during the match"."""
    play = Play(permadeath=False)
    play.two_armies()
    play(StartMission((Fielded("a1", ("u1",)), Fielded("a2", ("u8",)))), dice=[1, 1])
    play(RandomEvent(1, army="a1", units=("u1",)), dice=[6, 1, 3])
    play(RecordResult(1, "a1"))
    play.post_battle("a1", UnitResult("u1", casualty=True), dice={"u1/casualty": [1], "u1/sit-out": [1]})
    assert play.unit("a1", "u1").xp == 0


def test_countdown_splits_5_xp_as_evenly_as_possible(play):
    """Event 46, Countdown: 5 XP "split as evenly as possible amongst units": over 3 units 2, 2 and 1."""
    with pytest.raises(Refused, match="as evenly as possible"):
        event(play, [4, 6], army="a1", split=(UnitXp("u1", 3), UnitXp("u2", 2)))
    event(play, [4, 6], army="a1", split=(UnitXp("u1", 2), UnitXp("u2", 1), UnitXp("u3", 2)))
    assert play.state.missions[0].pending_xp == {("a1", "u1"): 2, ("a1", "u2"): 1, ("a1", "u3"): 2}


def test_a_conditional_event_not_achieved_changes_nothing(play):
    """Event 36, Enemy Plans: 1 VP only if a unit carries the chest off the table."""
    event(play, [3, 6], army="a1", achieved=False)
    assert play.army("a1").vp == 0


def test_bring_me_their_heads_pays_25_per_unit_destroyed(play):
    """Event 12, Bring me their Heads: enemy armies get 25pts for every unit of the selected army they destroyed."""
    before = play.army("a2").bank
    event(play, [1, 2], army="a1", destroyed=(ArmyCount("a2", 2),))
    assert play.army("a2").bank == before + 50
    with pytest.raises(Refused, match="fielded only 3 units"):
        event(play, [1, 2], army="a1", destroyed=(ArmyCount("a2", 4),))


def test_pow_buy_back_costs_d3_times_50_or_the_unit_leaves(play):
    """Event 11, P.O.W.: bought back for D3 * 50pts or else it's disbanded."""
    before = play.army("a1").bank
    event(play, [1, 1, 2], army="a1", units=("u1",))
    assert play.army("a1").bank == before - 100
    event(play, [1, 1], army="a1", units=("u2",), achieved=False)
    play(RecordResult(1, "a1"))
    play.post_battle("a1")
    assert play.unit("a1", "u2").status == "dead" and play.unit("a1", "u1").status == "active"


def test_hearts_and_minds_pays_50_to_reroll_casualty_ones(play):
    """Event 51, Hearts & Minds: pay 50pts to re-roll results of 1 once per unit when checking for casualties."""
    before = play.army("a1").bank
    event(play, [5, 1], army="a1")
    assert play.army("a1").bank == before - 50
    play(RecordResult(1, "a1"))
    play.post_battle("a1", UnitResult("u1", casualty=True), dice={"u1/casualty": [1, 4]})
    assert play.unit("a1", "u1").status == "active"


def test_time_warp_won_earns_3_xp_and_150_points_and_lost_kills_the_unit(play):
    """Event 66, Time Warp."""
    before = play.army("a1").bank
    event(play, [6, 6], army="a1", units=("u1",))
    event(play, [6, 6], army="a1", units=("u2",), achieved=False)
    assert play.army("a1").bank == before + 150
    play(RecordResult(1, "a1"))
    play.post_battle("a1")
    assert play.unit("a1", "u1").xp == 3 + 1
    assert play.unit("a1", "u2").status == "dead"


def test_an_event_names_the_units_of_its_army_in_the_mission(play):
    with pytest.raises(Refused, match="name the unit"):
        event(play, [6, 1, 1], army="a1", units=("u8",))
    with pytest.raises(Refused, match="selects 1 unit"):
        event(play, [6, 1, 1, 1], army="a1", units=("u1", "u2"))


def test_only_the_game_master_corrects_a_rules_campaign(play):
    with pytest.raises(Refused, match="only the game master"):
        play(Adjust("a1", "typo", points=10), "alice")
    play(Adjust("a1", "typo in the last mission", points=10, vp=1))
    assert play.army("a1").ledger[-1].reason == "correction"
    assert play.army("a1").ledger[-1].note == "typo in the last mission"


def test_a_correction_needs_a_reason_and_keeps_the_invariants(play):
    with pytest.raises(Refused, match="needs a reason"):
        play(Adjust("a1", "  ", points=10))
    with pytest.raises(Refused, match="cannot pay"):
        play(Adjust("a1", "fine", points=-1000))
    with pytest.raises(Refused, match="between 0 and 30"):
        play(Adjust("a1", "fine", unit="u1", xp=31))


def test_the_game_master_can_correct_traits_and_bring_a_unit_back(play):
    play(SetTraits("a1", "u7", "forgotten talent", talents=("crazed",), injuries=("arm-injury",)))
    assert (play.unit("a1", "u7").talents, play.unit("a1", "u7").injuries) == (("crazed",), ("arm-injury",))
    with pytest.raises(Refused, match="not a talent"):
        play(SetTraits("a1", "u7", "oops", talents=("flying",)))
    play(SetStatus("a1", "u1", "rolled the wrong unit", status="dead"))
    play(SetStatus("a1", "u1", "rolled the wrong unit", status="active"))
    assert play.unit("a1", "u1").active


def test_a_unit_struck_off_during_the_mission_earns_nothing_after_it(play):
    play(SetStatus("a1", "u1", "left the table", status="disbanded"))
    play(RecordResult(1, "a1"))
    play.post_battle("a1", UnitResult("u1", killed_units=5))
    assert play.unit("a1", "u1").xp == 0 and play.unit("a1", "u2").xp == 1
