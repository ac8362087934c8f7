"""Whatever players do, in any order: the bank is the sum of its ledger and never below zero, every unit's
value is the book's formula, XP never passes 30, and replaying the log gives the same campaign."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armylists.rules.campaign import Dice, Refused, Stored, apply, new_campaign, replay, unit_value
from armylists.rules.campaign.actions import (Adjust, ArmyCount, BuyUpgrade, DisbandArmy, DisbandUnit, Fielded,
                                              NewUnit, PostBattle, RandomEvent, RecordResult, Recruit, SellUpgrade,
                                              SetStatus, StartArmy, StartMission, UnitResult)

from .campaign_support import CAMPAIGN, CAPTAIN, INFANTRY, PARAMS, WIZARD, FirstChoice, starting_roster

PLAYERS = {"a1": "alice", "a2": "bob", "a3": "carol"}


def book_value(unit) -> int:
    """The formula written out again from the book (AoF Regiments, Campaign Rules: Check for Casualties, Hero Units;
    Earn Experience, Regular Units and Hero Units), independently of the engine."""
    level = min(unit.xp, 30) // 5
    value = unit.spec.base + sum(unit.spec.offer(u).price for u in unit.upgrades)
    if unit.hero:
        return value + 55 * level + 5 * len(unit.talents) - 5 * len(unit.injuries)
    return value + 25 * level


def some(draw, items, at_least=0):
    items = sorted(items)
    return draw(st.lists(st.sampled_from(items), min_size=at_least, unique=True)) if items else []


def propose(draw, state):
    """One action a player might try now: mostly the next step of the campaign, sometimes anything."""
    started = [a for a in state.armies.values() if a.started]
    open_missions = [m for m in state.missions if m.open]
    if open_missions and draw(st.integers(0, 3)):
        return finish_mission(draw, draw(st.sampled_from(open_missions)))
    free = [a for a in started if state.open_mission_of(a.key) is None]
    if len(free) >= 2 and draw(st.integers(0, 2)) == 0:
        chosen = draw(st.lists(st.sampled_from(free), min_size=2, max_size=3, unique_by=lambda a: a.key))
        return StartMission(tuple(Fielded(a.key, tuple(some(draw, [u.key for u in a.active_units()], 1)))
                                  for a in chosen)), "gm"
    if not started or draw(st.integers(0, 9)) == 0:
        key = draw(st.sampled_from(sorted(PLAYERS)))
        return StartArmy(key, PLAYERS[key], f"Army {key}", "human-empire", starting_roster()), PLAYERS[key]
    return change_army(draw, state, draw(st.sampled_from(started)))


def finish_mission(draw, mission):
    if not mission.has_result:
        winner = draw(st.sampled_from(mission.armies))
        return RecordResult(mission.number, winner, tuple(some(draw, set(mission.armies) - {winner}))), "gm"
    target = draw(st.sampled_from([a for a in mission.armies if a not in mission.done]))
    fielded = mission.fielded[target]
    if draw(st.integers(0, 4)) == 0:
        return RandomEvent(mission.number, army=target, units=tuple(some(draw, fielded, 1))[:draw(st.integers(1, 2))],
                           achieved=draw(st.booleans()),
                           destroyed=tuple(ArmyCount(a, draw(st.integers(0, 2))) for a in mission.armies
                                           if a != target)), "gm"
    results = tuple(UnitResult(u, draw(st.booleans()), draw(st.integers(0, 6)), draw(st.integers(0, 2)),
                               draw(st.integers(0, 1))) for u in fielded)
    return PostBattle(mission.number, target, draw(st.booleans()), results), "gm"


def change_army(draw, state, army):
    units = sorted(u.key for u in army.active_units()) or ["u1"]
    unit = draw(st.sampled_from(units))
    kind = draw(st.sampled_from(["buy", "buy", "sell", "sell", "recruit", "recruit", "disband-unit", "adjust",
                                 "status"] + ["disband-army"] * (draw(st.integers(0, 5)) == 0)))
    upgrade = draw(st.sampled_from([o.slug for o in INFANTRY.offers] + ["holy-sword"]))
    if kind == "buy":
        return BuyUpgrade(army.key, unit, upgrade), army.owner
    if kind == "sell":
        held = army.units[unit].upgrades if unit in army.units else ()
        return SellUpgrade(army.key, unit, draw(st.sampled_from(held)) if held else upgrade), army.owner
    if kind == "recruit":
        spec = draw(st.sampled_from([INFANTRY, CAPTAIN, WIZARD]))
        return Recruit(army.key, NewUnit(f"Recruit {state.units_made + 1}", spec), draw(st.booleans())), army.owner
    if kind == "disband-unit":
        return DisbandUnit(army.key, unit), army.owner
    if kind == "disband-army":
        return DisbandArmy(army.key), army.owner
    if kind == "adjust":
        return Adjust(army.key, "correction", unit=unit, points=draw(st.integers(-400, 400)),
                      vp=draw(st.integers(-2, 2)), xp=draw(st.integers(-10, 30))), "gm"
    return SetStatus(army.key, unit, "correction", status=draw(st.sampled_from(["active", "dead"]))), "gm"


def check_invariants(state) -> None:
    for army in state.armies.values():
        running = 0
        for entry in army.ledger:
            running += entry.amount
            assert running >= 0, army.ledger
        assert army.bank == running >= 0
        assert army.vp >= 0
        for unit in army.units.values():
            assert 0 <= unit.xp <= PARAMS.max_xp
            assert unit_value(unit, PARAMS) == book_value(unit)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.booleans(), st.booleans())
def test_any_sequence_of_actions_keeps_the_books_straight(data, permadeath, parallel_play):
    start = new_campaign(game="aof-regiments", game_master="gm", params=PARAMS, kind="endless",
                         permadeath=permadeath, parallel_play=parallel_play, late_joiners=True)
    rng = data.draw(st.randoms(use_true_random=False))
    state, log = start, []
    for _ in range(data.draw(st.integers(5, 60))):
        action, actor = propose(data.draw, state)
        try:
            outcome = apply(state, action, rules=CAMPAIGN, actor=actor,
                            dice=Dice({}, fallback=lambda s: rng.randint(1, s)), choices=FirstChoice())
        except Refused:
            continue  # refused: nothing changed
        state = outcome.state
        log.append(Stored(action, actor, outcome.rolls, outcome.choices))
        check_invariants(state)
    replayed, _ = replay(start, log, rules=CAMPAIGN)
    assert replayed == state
