"""The game master undoes any action of the log, not only the last (docs/campaigns.md, "Corrections and undo"):
the undo is appended, the actions after the undone one are applied again without it, an undo that a later action
depends on is refused naming that action, and replaying the log gives the same state each time."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from armylists.rules.campaign import Choices, Dice, Refused, Stored, apply, replay
from armylists.rules.campaign.actions import (Fielded, NewUnit, RandomEvent, RecordResult, Recruit, RenameUnit,
                                              StartMission, Undo)
from armylists.rules.campaign.model import CampaignState

from .campaign_support import CAMPAIGN, INFANTRY, WIZARD, FirstChoice, Play
from .test_campaign_properties import check_invariants, propose


class Logged(Play):
    """A play that keeps its log, as the campaign's log keeps it, and undoes by replaying it."""

    def __init__(self, **options):
        super().__init__(**options)
        self.start, self.log, self.options = self.state, [], options

    def __call__(self, action, actor: str = "gm", dice=None, choices=None):
        dice = dice if isinstance(dice, Dice) else Dice(dice or [])
        choices = choices if isinstance(choices, Choices) else Choices(choices)
        outcome = apply(self.state, action, rules=CAMPAIGN, actor=actor, dice=dice, choices=choices)
        self.state, self.last = outcome.state, outcome
        self.log.append(Stored(action, actor, outcome.rolls, outcome.choices))
        return outcome

    def undo(self, number: int, actor: str = "gm"):
        """As the pages do it: the log replayed with the undo; the undo is logged only when it is not refused."""
        record = Stored(Undo(number, "entered by mistake"), actor, {}, {})
        try:
            state, outcomes = replay(self.start, [*self.log, record], rules=CAMPAIGN)
        except Refused as error:
            raise error.reason if hasattr(error, "reason") else error from None
        self.state, self.last = state, outcomes[-1]
        self.log.append(record)
        return outcomes[-1]

    def replayed(self) -> CampaignState:
        return replay(self.start, self.log, rules=CAMPAIGN)[0]


def without_undos(play: Logged) -> CampaignState:
    """The log played afresh without the undone actions and the undos: what the armies must be."""
    undone = {r.action.number for r in play.log if isinstance(r.action, Undo)}
    fresh = Play(**play.options)
    for number, record in enumerate(play.log, start=1):
        if number not in undone and not isinstance(record.action, Undo):
            fresh.state.units_made = play_units_made(play, number)
            fresh(record.action, record.actor, dict(record.rolls), dict(record.choices))
    return fresh.state


def play_units_made(play: Logged, number: int) -> int:
    """Units made before action `number` in the log as played (unit keys are never given twice)."""
    return replay(play.start, play.log[:number - 1], rules=CAMPAIGN)[0].units_made


@pytest.fixture
def play() -> Logged:
    """Mission 1 set up (Red fields u1, u2; Blue u8, u9): actions 1 to 3."""
    play = Logged()
    play.two_armies()
    play(StartMission((Fielded("a1", ("u1", "u2")), Fielded("a2", ("u8", "u9")))), dice=[1, 1])
    return play


def armies(state: CampaignState) -> dict:
    """What the players see of each army but its ledger's history: its bank, VP, matches and units."""
    return {key: (a.bank, a.vp, a.matches, a.units) for key, a in state.armies.items()}


def test_undoing_an_event_in_the_middle_of_the_log_takes_back_only_it(play):
    """The issue's case: a Critical Message (Random Events, event 65: 1 VP) entered by mistake, found after the
    result was recorded."""
    play(RandomEvent(1, round=1, army="a1"), dice=[6, 5])  # action 4: +1 VP
    play(RandomEvent(1, round=2, army="a2"), dice=[6, 4, 2])  # action 5: Extortion, +50 points for Blue
    play(RecordResult(1, "a1"))  # action 6: +2 VP and 150 points for Red, 300 for Blue
    bank = play.army("a1").bank
    outcome = play.undo(4)
    assert outcome.summary == "action 4 is undone (entered by mistake)"
    assert (play.army("a1").vp, play.army("a2").vp) == (2, 0)
    assert play.army("a1").bank == bank  # Red's own points are untouched
    assert play.army("a2").bank == 150 + 50 + 300  # Blue's Extortion, applied again, still counts
    assert "random event, mission 1" in [e.note for e in play.army("a2").ledger]
    assert play.state.missions[0].event_rounds == {2}  # round 1 is free again for the right event
    play(RandomEvent(1, round=1, army="a2"), dice=[6, 5])
    assert play.army("a2").vp == 1
    assert armies(play.replayed()) == armies(play.state) == armies(without_undos(play))


def test_an_undo_the_later_actions_depend_on_is_refused_naming_the_first_of_them(play):
    play(RecordResult(1, "a1"))
    play.post_battle("a1")
    play.post_battle("a2")
    play(Recruit("a1", NewUnit("Merlin", INFANTRY)))  # action 7: u15
    play(RenameUnit("a1", "u15", "Morgana"))  # action 8 needs u15
    before, log = play.state, list(play.log)
    with pytest.raises(Refused, match=r"action 8 \(rename unit\) no longer holds without action 7: .*; undo action 8 "
                                      "first"):
        play.undo(7)
    assert play.state is before and play.log == log  # nothing logged
    play.undo(8)
    play.undo(7)
    assert "u15" not in play.army("a1").units
    assert armies(play.replayed()) == armies(play.state) == armies(without_undos(play))


def test_points_spent_later_keep_their_source_from_being_undone(play):
    """Extortion's points (event 64) spent on a recruit: undoing the event would leave the bank below zero."""
    play(RecordResult(1, "a2"))  # Red 300, Blue 150 + 2 VP
    play(RandomEvent(1, round=1, army="a1"), dice=[6, 4, 3])  # action 5: +75 for Red
    play.post_battle("a1")
    play.post_battle("a2")
    for n in range(4):  # actions 8 to 11: 360 of Red's 525 points
        play(Recruit("a1", NewUnit(f"Recruit {n}", INFANTRY)))
    play(Recruit("a1", NewUnit("Merlin", WIZARD)))  # action 12: 95 of the 165 left, 75 of them Extortion's
    with pytest.raises(Refused, match=r"action 12 \(recruit\) no longer holds without action 5: Red Host has 90 "
                                      r"points in the bank and cannot pay 95 .*; undo action 12 first"):
        play.undo(5)


def test_a_unit_recruited_after_the_undone_action_keeps_its_key(play):
    play(RecordResult(1, "a1"))
    play.post_battle("a1")
    play.post_battle("a2")
    play(Recruit("a1", NewUnit("First", INFANTRY)))  # action 7: u15
    play(Recruit("a1", NewUnit("Second", INFANTRY)))  # action 8: u16
    play.undo(7)
    assert sorted(k for k in play.army("a1").units if k in ("u15", "u16")) == ["u16"]
    play(Recruit("a1", NewUnit("Third", INFANTRY)))
    assert "u17" in play.army("a1").units  # a key is never given twice
    assert armies(play.replayed()) == armies(play.state)


def test_undos_in_any_order_replay_to_the_log_without_the_undone_actions(play):
    for round, dice in ((1, [6, 5]), (2, [6, 4, 1]), (3, [6, 5])):
        play(RandomEvent(1, round=round, army="a1"), dice=dice)  # actions 4, 5, 6
    play(RecordResult(1, "a1"))
    play.undo(5)
    play.undo(4)  # before the one undone already
    play.undo(6)
    assert play.army("a1").vp == 2
    assert armies(play.replayed()) == armies(play.state) == armies(without_undos(play))
    ledger = play.army("a1").ledger
    assert [e.note for e in ledger if e.reason == "correction"] == ["undo of action 5"]  # the ledger keeps both


def test_an_undo_is_the_game_masters_and_never_twice_nor_of_an_undo(play):
    play(RandomEvent(1, round=1, army="a1"), dice=[6, 5])
    with pytest.raises(Refused, match="only the game master may make an undo"):
        play.undo(4, actor="alice")
    play.undo(4)
    with pytest.raises(Refused, match=r"action 4 is already undone \(by action 5\)"):
        play.undo(4)
    with pytest.raises(Refused, match=r"action 5 \(undo\) is not undone"):
        play.undo(5)
    with pytest.raises(Refused, match="there is no action 9 in the log"):
        play.undo(9)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_undos_leave_the_armies_the_log_gives_without_the_undone_actions(data):
    """Whatever was played and whichever actions the game master undoes, in any order: an undo that is not refused
    leaves the armies and missions that playing the log afresh without the undone actions gives, the bank's ledger
    never dips below zero, and replaying the whole log gives the same state."""
    play = Logged(kind="endless", late_joiners=True)
    rng = data.draw(st.randoms(use_true_random=False))
    for _ in range(data.draw(st.integers(5, 40))):
        action, actor = propose(data.draw, play.state)
        try:
            play(action, actor, Dice({}, fallback=lambda s: rng.randint(1, s)), FirstChoice())
        except Refused:
            continue
    for _ in range(data.draw(st.integers(1, 4))):
        try:
            play.undo(data.draw(st.integers(1, len(play.log))))
            event("an undo done")
        except Refused:  # an undo a later action depends on, or of a start: refused
            event("an undo refused")
        check_invariants(play.state)
    fresh = without_undos(play)
    assert armies(fresh) == armies(play.state) and fresh.missions == play.state.missions
    assert play.replayed() == play.state
