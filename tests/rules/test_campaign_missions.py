"""Missions: setup, result, casualties and XP (AoF Regiments, Campaign Rules: Campaign Types to Earn
Experience)."""
from __future__ import annotations

import pytest

from armylists.rules.campaign import Refused, unit_value
from armylists.rules.campaign.actions import (Fielded, RecordResult, SetLength, StartArmy, StartMission,
                                              UnitResult)

from .campaign_support import PARAMS, Play, starting_roster


@pytest.fixture
def play() -> Play:
    play = Play()
    play.two_armies()
    return play


@pytest.mark.parametrize("difference, points", [(0, 0), (49, 0), (50, 1), (99, 1), (100, 2), (249, 4), (250, 5)])
def test_underdog_points(difference, points):
    """Mission Setup, Underdog Bonus: 1 underdog point for every 50pts difference to the army with the highest value."""
    assert PARAMS.underdog_points({"high": 1000, "low": 1000 - difference}) == {"high": 0, "low": points}


def test_underdog_points_count_against_the_highest_army_in_a_multiplayer_mission():
    assert PARAMS.underdog_points({"a": 1000, "b": 900, "c": 800}) == {"a": 0, "b": 2, "c": 4}


@pytest.mark.parametrize("low, allowed", [(750, True), (749, False)])
def test_no_army_fields_more_than_250_points_over_the_lowest(low, allowed):
    """Mission Setup, The Armies: "no army may bring over 250pts worth of units more than the army with the lowest point
    value"."""
    problem = PARAMS.difference_problem({"a": 1000, "b": low}, {"a": "Red", "b": "Blue"})
    assert (problem is None) == allowed
    if not allowed:
        assert problem == "Red fields 1000 points, 251 more than Blue (749); at most 250 more is allowed"


def test_a_mission_over_the_difference_cap_is_refused(play):
    with pytest.raises(Refused, match="at most 250 more"):
        play(StartMission((Fielded("a1", ("u1", "u2", "u3", "u4")), Fielded("a2", ("u8",)))), dice=[1, 1])


def test_setup_rolls_each_armys_special_objective(play):
    """Mission Setup, Special Objectives: roll one die each for a special objective."""
    play(StartMission((Fielded("a1", ("u1",)), Fielded("a2", ("u8",)))), dice=[5, 6])
    assert play.state.missions[0].objectives == {"a1": "rage", "a2": "destruction"}


def test_the_winner_gets_2_vp_and_150_points_and_the_loser_300(play):
    """Play Mission, Mission Goals: "The winning army gets 2 VP and 150pts, whilst all losing armies get 300pts"."""
    play.mission(winner="a2")
    assert (play.army("a2").vp, play.army("a2").bank) == (2, 150 + 150)
    assert (play.army("a1").vp, play.army("a1").bank) == (0, 150 + 300)
    assert [e.note for e in play.army("a1").ledger[-1:]] == ["lost mission 1"]


def test_conceding_counts_as_losing(play):
    """Play Mission, Conceding and Mission Goals: a conceding army is a losing army."""
    play(StartMission((Fielded("a1", ("u1",)), Fielded("a2", ("u8",)))), dice=[1, 1])
    play(RecordResult(1, "a1", conceded=("a2",)))
    assert (play.army("a2").vp, play.army("a2").bank) == (0, 450)
    assert play.army("a2").ledger[-1].note == "conceded mission 1"
    other = Play()
    other.two_armies()
    other(StartMission((Fielded("a1", ("u1",)), Fielded("a2", ("u8",)))), dice=[1, 1])
    with pytest.raises(Refused, match="losing army"):
        other(RecordResult(1, "a1", conceded=("a1",)))


def test_there_is_exactly_one_winner(play):
    play(StartMission((Fielded("a1", ("u1",)), Fielded("a2", ("u8",)))), dice=[1, 1])
    with pytest.raises(Refused, match="winner must be one of the armies"):
        play(RecordResult(1, "nobody"))
    play(RecordResult(1, "a1"))
    with pytest.raises(Refused, match="already has its result"):
        play(RecordResult(1, "a2"))


def test_a_completed_special_objective_is_worth_75_points(play):
    """Mission Setup, Special Objectives: "players may earn a bonus of 75pts by completing special objectives"."""
    play.mission()
    before = play.army("a1").bank
    play.post_battle("a1", objective=True)
    assert play.army("a1").bank - before == 75
    assert play.army("a1").ledger[-1].note == "special objective Mastery"


def test_xp_for_surviving_and_for_kills(play):
    """Earn Experience, Earning XP: +1 not a casualty, +1 per unit, +2 per hero, +3 per hero and its unit killed."""
    play.mission()
    play.post_battle("a1", UnitResult("u1", killed_units=1, killed_heroes=1), UnitResult("u2", casualty=True),
                     dice={"u2/casualty": [3]})
    assert (play.unit("a1", "u1").xp, play.unit("a1", "u2").xp) == (1 + 1 + 2, 0)
    play.post_battle("a2", UnitResult("u8", killed_heroes_and_units=1))
    assert play.unit("a2", "u8").xp == 1 + 3


def test_a_regular_casualty_rolling_1_is_struck_off(play):
    """Check for Casualties, Regular Units: 1, Dead: remove the unit from your army sheet."""
    play.mission()
    play.post_battle("a1", UnitResult("u1", casualty=True), dice={"u1/casualty": [1]})
    assert play.unit("a1", "u1").status == "dead"
    assert "u1" not in {u.key for u in play.army("a1").active_units()}


def test_a_casualty_rolling_6_earns_1_xp(play):
    """Check for Casualties, Regular Units: 6, Natural Talent: the unit recovers and earns +1 XP."""
    play.mission()
    play.post_battle("a1", UnitResult("u1", casualty=True), dice={"u1/casualty": [6]})
    assert play.unit("a1", "u1").xp == 1


def test_a_hero_casualty_can_be_injured_in_the_post_battle(play):
    """Check for Casualties, Hero Units and the Injury table: casualty 1 then injury 3, Blinded Eye, 5 points
    cheaper."""
    play.mission(a1=("u1", "u7"))
    before = unit_value(play.unit("a1", "u7"), PARAMS)
    play.post_battle("a1", UnitResult("u7", casualty=True), dice={"u7/casualty": [1], "u7/injury": [3]})
    assert play.unit("a1", "u7").injuries == ("blinded-eye",)
    assert unit_value(play.unit("a1", "u7"), PARAMS) == before - 5
    assert "Blinded Eye" in play.last.summary


def test_without_permadeath_a_dead_unit_loses_the_matchs_xp_and_sits_out_d3_matches():
    """Check for Casualties, No Permadeath: "they lose all XP earned during the match and must sit out the next D3
    matches"."""
    play = Play(permadeath=False)
    play.two_armies()
    play.mission()
    play.post_battle("a1", UnitResult("u1", casualty=True, killed_units=4), dice={"u1/casualty": [1],
                                                                                  "u1/sit-out": [2]})
    unit = play.unit("a1", "u1")
    assert (unit.status, unit.xp, unit.sitting_out) == ("active", 0, 2)
    play.post_battle("a2")
    with pytest.raises(Refused, match="sits out 2 more"):
        play(StartMission((Fielded("a1", ("u1",)), Fielded("a2", ("u8",)))), dice=[1, 1])
    play.mission(a1=("u2",))
    assert play.unit("a1", "u1").sitting_out == 1


def test_every_army_plays_every_mission_without_parallel_play():
    """Campaign Types, Parallel Play: "Usually all armies should participate in every match"."""
    play = Play()
    play.two_armies()
    play(StartArmy("a3", "carol", "Green Host", "human-empire", starting_roster()), "carol")
    with pytest.raises(Refused, match="parallel play"):
        play.mission()
    allowed = Play(parallel_play=True)
    allowed.two_armies()
    allowed(StartArmy("a3", "carol", "Green Host", "human-empire", starting_roster()), "carol")
    allowed.mission()


def test_late_joiners_only_when_the_campaign_allows_them():
    """Campaign Types, Late Joiners: players may join an ongoing campaign only if the group allows late joiners."""
    for late_joiners, allowed in ((False, False), (True, True)):
        play = Play(late_joiners=late_joiners, parallel_play=True)
        play.two_armies()
        play.mission()
        join = StartArmy("a3", "carol", "Green Host", "human-empire", starting_roster())
        if allowed:
            play(join, "carol")
        else:
            with pytest.raises(Refused, match="late joiners"):
                play(join, "carol")


def test_a_game_limited_campaign_ends_after_its_missions():
    """Campaign Types, Campaign Length: Game-Limited: play D6+4 missions."""
    play = Play(kind="game-limited")
    play(SetLength(), dice=[1])
    assert play.state.length == 5
    play.two_armies()
    for _ in range(5):
        play.after_mission()
    with pytest.raises(Refused, match="5 missions have been played"):
        play.mission()


def test_a_point_limited_campaign_ends_when_an_army_reaches_its_vp():
    """Campaign Types, Campaign Length: Point-Limited: the campaign ends when one player has earned D6+4 VP."""
    play = Play(kind="point-limited")
    play(SetLength(), dice=[2])
    play.two_armies()
    for _ in range(3):
        play.after_mission()
    assert play.army("a1").vp == 6
    with pytest.raises(Refused, match="reached 6 VP"):
        play.mission()


def test_the_post_battle_comes_after_the_result_and_only_once(play):
    play(StartMission((Fielded("a1", ("u1",)), Fielded("a2", ("u8",)))), dice=[1, 1])
    with pytest.raises(Refused, match="who won mission 1 first"):
        play.post_battle("a1")
    play(RecordResult(1, "a1"))
    play.post_battle("a1")
    with pytest.raises(Refused, match="no post-battle to record"):
        play.post_battle("a1")


def test_only_the_armys_player_or_the_game_master_records_its_post_battle(play):
    play.mission()
    with pytest.raises(Refused, match="only alice or the game master"):
        play.post_battle("a1", actor="bob")
    play.post_battle("a1", actor="alice")


def test_a_result_for_a_unit_that_did_not_play_names_it_never_by_its_key(play):
    """Post-Battle Sequence: only the units fielded in the mission get results; the refusal names the unit."""
    play.mission(a1=("u1",))
    with pytest.raises(Refused) as refused:
        play.post_battle("a1", UnitResult("u2"))
    message = refused.value.message
    assert message.endswith("did not play mission 1") and play.unit("a1", "u2").name in message
    assert "u2" not in message
