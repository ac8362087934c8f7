"""One random event a round of a mission (AoF Regiments, Campaign Rules: Play Mission, "Random Events": "At the
beginning of each round players must roll one die, and on a 5+ a random event happens"; "Mission Length": the
standard rules' 4 rounds). A second event in a round is refused and the first counts; events are recorded before
and after the result, until the army's post-battle. An older log's event without a round takes the next free one."""
from __future__ import annotations

import pytest

from armylists.rules.campaign import Refused
from armylists.rules.campaign.actions import Fielded, RandomEvent, RecordResult, StartMission

from .campaign_support import PARAMS, Play

CRITICAL_MESSAGE = [6, 5]  # event 65: "immediately gets 1 VP"


@pytest.fixture
def play() -> Play:
    """Mission 1 set up (Red fields u1, u2; Blue u8, u9), its result not recorded yet."""
    play = Play()
    play.two_armies()
    play(StartMission((Fielded("a1", ("u1", "u2")), Fielded("a2", ("u8", "u9")))), dice=[1, 1])
    return play


def critical_message(play, round, army="a1", mission=1):
    return play(RandomEvent(mission, round=round, army=army), dice=list(CRITICAL_MESSAGE))


def test_a_mission_has_the_books_four_rounds():
    """Play Mission, "Mission Length": missions are played using the standard rules, whose games end after 4
    rounds; the number is the game's data, shown with the campaign's numbers."""
    assert PARAMS.mission_rounds == 4


def test_a_second_event_in_the_same_round_is_refused_and_the_first_counts(play):
    """Random Events: one die at the beginning of each round, so one event a round. The issue's player posted
    Critical Message seven times; the second in a round is refused with a sentence and changes nothing."""
    critical_message(play, 1)
    before = play.state
    with pytest.raises(Refused, match="mission 1 already has its random event of round 1") as refused:
        critical_message(play, 1)
    assert "Random Events" in refused.value.rule
    assert play.state is before and play.army("a1").vp == 1  # the first counts, the second left nothing
    assert play.state.missions[0].event_rounds == {1}
    with pytest.raises(Refused, match="already has its random event of round 1"):
        critical_message(play, 1, army="a2")  # the round's one event, whichever army it selects


def test_each_round_has_its_own_event_up_to_the_missions_last(play):
    for round in range(1, 5):
        critical_message(play, round)
    assert play.army("a1").vp == 4
    for round in (0, 5):
        with pytest.raises(Refused, match=f"a mission has rounds 1 to 4, not round {round}"):
            critical_message(play, round)
    assert play.army("a1").vp == 4


def test_events_are_recorded_before_and_after_the_result_until_the_armys_post_battle(play):
    critical_message(play, 1)
    play(RecordResult(1, "a2"))
    critical_message(play, 2)  # after the result, before the post-battle: allowed
    play.post_battle("a1")
    with pytest.raises(Refused, match="Red Host's post-battle is already recorded for mission 1"):
        critical_message(play, 3)
    critical_message(play, 3, army="a2")  # Blue Host's post-battle is still to come
    assert (play.army("a1").vp, play.army("a2").vp) == (2, 2 + 1)


def test_rounds_are_counted_per_mission(play):
    critical_message(play, 1)
    play(RecordResult(1, "a1"))
    play.post_battle("a1")
    play.post_battle("a2")
    play(StartMission((Fielded("a1", ("u1", "u2")), Fielded("a2", ("u8", "u9")))), dice=[1, 1])
    critical_message(play, 1, mission=2)
    assert [m.event_rounds for m in play.state.missions] == [{1}, {1}]


def test_an_older_logs_events_without_a_round_take_the_next_free_round_and_past_the_last_count_nothing(play):
    """docs/campaigns.md, "Random events": a log or file written before events named their round gives each
    event the next round without one; once all four have had theirs, a further one is kept in the log but
    changes nothing, so the seven Critical Messages of such a log give 4 VP, not 7."""
    critical_message(play, 2)
    summaries = [play(RandomEvent(1, army="a1"), dice=list(CRITICAL_MESSAGE)).summary for _ in range(3)]
    assert [s.split(":")[0] for s in summaries] == ["round 1", "round 3", "round 4"]
    outcome = play(RandomEvent(1, army="a1"))  # no dice: a fifth event in four rounds rolls nothing
    assert outcome.summary.startswith("random event not counted: mission 1 has had its event in each of its 4")
    assert play.army("a1").vp == 4
