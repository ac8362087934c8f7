"""Campaign random events that change the army sheet: points, VP, XP or a unit's fate.

AoF Regiments, Campaign Rules: Rolling for Random Events. The event is two
dice read as tens and units (2 then 1 is event 21). Play Mission: Random
Events: one die is rolled at the beginning of each round, so a mission has one
event a round at most; the log says which round (`round`). Events that only
change the game on the table are logged and change nothing here. XP an event gives
is earned during the match, so it is added at the army's post-battle (and lost
with the rest of the match's XP by a unit that dies without permadeath).
"""
from __future__ import annotations

from armylists.rules.campaign.actions import RandomEvent
from armylists.rules.campaign.dice import Choices, Dice
from armylists.rules.campaign.model import ArmyState, CampaignState, MissionState, UnitState
from armylists.rules.campaign.support import book, participant, require_rules
from armylists.rules.refused import Refused

from .tables import Event


def event_number(dice: Dice) -> int:
    first = dice.roll("event", 6)
    return first * 10 + dice.roll("event", 6)


def random_event(state: CampaignState, action: RandomEvent, actor: str, dice: Dice, choices: Choices) -> str:
    params = require_rules(state)
    mission = state.mission(action.mission)
    participant(state, mission, actor)
    number = _round(state, mission, action.round)
    if number is None:  # an older log's event past the mission's last round: it is kept, and counts for nothing
        dice.set_aside()
        return (f"random event not counted: mission {mission.number} has had its event in each of its "
                f"{params.mission_rounds} rounds ({book(state, 'Play Mission: Random Events')})")
    event = params.tables.events[event_number(dice)]
    effect = event.effect
    said = f"round {number}: random event {event.number}, {event.name}"
    if effect.kind != "none":
        army = _army_in(state, mission, action.army, event)
        if army.key in mission.done:
            raise Refused(f"{army.name}'s post-battle is already recorded for mission {mission.number}",
                          book(state, "Campaign Random Events"))
    mission.event_rounds |= {number}
    if effect.kind == "none":
        return said
    if effect.conditional and not action.achieved:
        return f"{said}: {army.name} did not achieve it"
    return f"{said}: {HANDLERS[effect.kind](state, mission, army, action, event, dice)}"


def _round(state: CampaignState, mission: MissionState, number: int | None) -> int | None:
    """The round of the event: the one given, which must be one of the mission's and not yet have had its event
    (Play Mission: Random Events, one die at the beginning of each round). An event of an older log or file, which
    gave none, takes the first round without one; None when every round has had its event."""
    rounds = range(1, state.params.mission_rounds + 1)
    if number is None:
        return next((r for r in rounds if r not in mission.event_rounds), None)
    if number not in rounds:
        raise Refused(f"a mission has rounds 1 to {len(rounds)}, not round {number}",
                      book(state, "Play Mission: Mission Length"))
    if number in mission.event_rounds:
        raise Refused(f"mission {mission.number} already has its random event of round {number}: one die is rolled "
                      "at the beginning of each round, so a round has one event at most",
                      book(state, "Play Mission: Random Events"))
    return number


def _army_in(state: CampaignState, mission: MissionState, key: str | None, event: Event) -> ArmyState:
    if key is None or key not in mission.armies:
        raise Refused(f"{event.name}: name the army of mission {mission.number} it selected",
                      book(state, "Campaign Random Events"))
    return state.armies[key]


def _units_of(state: CampaignState, mission: MissionState, army: ArmyState, units: tuple[str, ...],
              event: Event) -> list[str]:
    """The units the event selected: as many as it says (`units`, 0 for any number), all of the army
    and of the mission."""
    fielded = mission.fielded[army.key]
    if not units or any(u not in fielded for u in units) or len(set(units)) != len(units):
        raise Refused(f"{event.name}: name the unit(s) of {army.name} that played mission {mission.number}",
                      book(state, "Campaign Random Events"))
    if event.effect.units and len(units) != event.effect.units:
        raise Refused(f"{event.name} selects {event.effect.units} unit(s) of {army.name}",
                      book(state, "Campaign Random Events"))
    return list(units)


def _points(state, mission, army, action, event: Event, dice: Dice) -> str:
    effect = event.effect
    amount = dice.roll("points", effect.die) * effect.per
    state.post(army, amount, "event", f"random event, mission {mission.number}")
    return f"{army.name} gets {amount} points"


def _bounty(state, mission, army, action, event: Event, dice: Dice) -> str:
    """Bring me their Heads: every enemy army gets 25 points per unit of the selected army it destroyed."""
    effect = event.effect
    parts = []
    targets = len(mission.fielded[army.key])
    if sum(c.count for c in action.destroyed) > targets:
        raise Refused(f"{army.name} fielded only {targets} units to destroy", book(state, "Campaign Random Events"))
    for count in action.destroyed:
        if count.army == army.key or count.army not in mission.armies or count.count < 0:
            raise Refused("Bring me their Heads: only the other armies of the mission collect",
                          book(state, "Campaign Random Events"))
        enemy = state.armies[count.army]
        state.post(enemy, count.count * effect.per, "event", f"bounty on {army.name}, mission {mission.number}")
        parts.append(f"{enemy.name} gets {count.count * effect.per} points")
    return "; ".join(parts) or "no bounty collected"


def _vp(state, mission, army, action, event: Event, dice: Dice) -> str:
    effect = event.effect
    army.vp += effect.amount
    return f"{army.name} gets {effect.amount} VP"


def _xp(state, mission, army, action, event: Event, dice: Dice) -> str:
    effect = event.effect
    parts = []
    for key in _units_of(state, mission, army, action.units, event):
        xp = dice.roll(f"{key}/xp", effect.die) if effect.die else effect.amount
        _pend(mission, army, key, xp)
        parts.append(f"{army.units[key].name} earns {xp} XP")
    return "; ".join(parts)


def _xp_all(state, mission, army, action, event: Event, dice: Dice) -> str:
    effect = event.effect
    for key in mission.fielded[army.key]:
        _pend(mission, army, key, effect.amount)
    return f"every unit of {army.name} earns {effect.amount} XP"


def _xp_split(state, mission, army, action, event: Event, dice: Dice) -> str:
    """Countdown: 5 XP split as evenly as possible amongst the army's units; the player picks who gets
    the remainder."""
    effect = event.effect
    fielded = mission.fielded[army.key]
    shares = {s.unit: s.xp for s in action.split}
    low, extra = divmod(effect.amount, len(fielded))
    given = [shares.get(key, 0) for key in fielded]
    if set(shares) - set(fielded) or sum(given) != effect.amount or any(x not in (low, low + 1) for x in given) \
            or sum(1 for x in given if x > low) != extra:
        raise Refused(f"Countdown: split {effect.amount} XP over {army.name}'s {len(fielded)} units as evenly "
                      f"as possible ({extra} unit(s) get {low + 1}, the rest {low})",
                      book(state, "Campaign Random Events"))
    for key, xp in zip(fielded, given, strict=True):
        _pend(mission, army, key, xp)
    return f"{army.name} splits {effect.amount} XP"


def _pow(state, mission, army, action, event: Event, dice: Dice) -> str:
    """P.O.W.: at the end of the mission the unit is bought back for D3 x 50 points, or disbanded."""
    unit = _the_unit(state, mission, army, action, event)
    if unit is None:
        return "the prisoners are not bought back and leave the army"
    price = dice.roll(f"{unit.key}/ransom", event.effect.die) * event.effect.per
    state.post(army, -price, "event", f"bought back {unit.name} (P.O.W.)")
    return f"{army.name} buys {unit.name} back for {price} points"


def _reroll(state, mission, army, action, event: Event, dice: Dice) -> str:
    """Hearts & Minds: the army may pay 50 points to re-roll casualty results of 1, once per unit."""
    effect = event.effect
    if not action.achieved:
        return f"{army.name} does not pay"
    state.post(army, -effect.cost, "event", f"Hearts & Minds, mission {mission.number}")
    mission.rerolls |= {army.key}
    return f"{army.name} pays {effect.cost} points to re-roll casualty results of 1"


def _time_warp(state, mission, army, action, event: Event, dice: Dice) -> str:
    """Time Warp: the unit fights a Time Beast; winning earns 3 XP and 150 points, losing kills it."""
    unit = _the_unit(state, mission, army, action, event)
    if unit is None:
        return "the Time Beast wins"
    _pend(mission, army, unit.key, event.effect.xp)
    state.post(army, event.effect.points, "event", f"{unit.name} scavenges after the Time Warp")
    return f"{unit.name} beats the Time Beast: {event.effect.xp} XP and {event.effect.points} points"


def _the_unit(state: CampaignState, mission: MissionState, army: ArmyState, action: RandomEvent,
              event: Event) -> UnitState | None:
    """The one unit the event selected, or None when it did not come through: then it is lost to the army
    at the post-battle, as a unit that died (without permadeath, it sits out instead)."""
    key = _units_of(state, mission, army, action.units, event)[0]
    if not action.achieved:
        mission.doomed |= {(army.key, key)}
        return None
    return army.units[key]


def _pend(mission: MissionState, army: ArmyState, unit: str, xp: int) -> None:
    mission.pending_xp[(army.key, unit)] = mission.pending_xp.get((army.key, unit), 0) + xp


HANDLERS = {"points": _points, "bounty": _bounty, "vp": _vp, "xp": _xp, "xp-all": _xp_all, "xp-split": _xp_split,
            "pow": _pow, "casualty-reroll": _reroll, "time-warp": _time_warp}
