"""The game master's corrections, and the hand-kept changes of campaigns whose game has no campaign rules.

A correction may set what the rules would not (XP without a trait roll, a dead
unit back), but never breaks what must always hold: the bank and VP never go
below zero, XP stays within the cap, and every correction gives its reason.
"""
from __future__ import annotations

from ..refused import Refused
from .actions import Adjust, HouseRule, SetStatus
from .dice import Choices, Dice
from .house import CORRECTION_BOUNDS, FILE_BOUNDS, GAME_MASTER
from .model import ACTIVE, DEAD, DISBANDED, CampaignState
from .support import game_master_only, may_change, unit_name_free

REASON_MAX = 300
MAX_SIT_OUT = 20


def reason_given(action) -> str:
    reason = action.reason.strip()
    if not reason:
        raise Refused("a correction needs a reason", GAME_MASTER)
    if len(reason) > REASON_MAX:
        raise Refused(f"a reason is at most {REASON_MAX} characters", FILE_BOUNDS)
    return reason


def _authorised(state: CampaignState, army, actor: str) -> None:
    """Corrections are the game master's; in a campaign kept by hand the player keeps their own sheet."""
    if state.manual:
        may_change(state, army, actor)
    else:
        game_master_only(state, actor, "corrections")


def adjust(state: CampaignState, action: Adjust, actor: str, dice: Dice, choices: Choices) -> str:
    army = state.army(action.army)
    _authorised(state, army, actor)
    reason = reason_given(action)
    parts = []
    if action.points:
        state.post(army, action.points, "correction", reason)
        parts.append(f"{action.points:+d} points")
    if action.vp:
        if army.vp + action.vp < 0:
            raise Refused(f"{army.name} has {army.vp} VP and cannot lose {-action.vp}", CORRECTION_BOUNDS)
        army.vp += action.vp
        parts.append(f"{action.vp:+d} VP")
    if action.xp:
        unit = state.unit(army, action.unit or "")
        xp = unit.xp + action.xp
        cap = None if state.manual else state.params.max_xp
        if xp < 0 or (cap is not None and xp > cap):
            raise Refused(f"{unit.name} has {unit.xp} XP; XP stays between 0 and {cap}" if cap
                          else f"{unit.name} has {unit.xp} XP and cannot lose {-action.xp}", CORRECTION_BOUNDS)
        army.units[unit.key] = unit.changed(xp=xp)
        parts.append(f"{action.xp:+d} XP for {unit.name}")
    if not parts:
        raise Refused("the correction changes nothing", GAME_MASTER)
    return f"{army.name}: {', '.join(parts)} ({reason})"


def set_status(state: CampaignState, action: SetStatus, actor: str, dice: Dice, choices: Choices) -> str:
    army = state.army(action.army)
    game_master_only(state, actor, "corrections")
    reason = reason_given(action)
    unit = state.unit(army, action.unit)
    if action.status not in (ACTIVE, DEAD, DISBANDED):
        raise Refused(f"a unit is {ACTIVE}, {DEAD} or {DISBANDED}", CORRECTION_BOUNDS)
    if not 0 <= action.sitting_out <= MAX_SIT_OUT:
        raise Refused(f"a unit sits out 0 to {MAX_SIT_OUT} matches", CORRECTION_BOUNDS)
    if action.status == ACTIVE and not unit.active:
        unit_name_free(army, unit.name)
    army.units[unit.key] = unit.changed(status=action.status, sitting_out=action.sitting_out)
    return f"{unit.name} is {action.status} ({reason})"


def house_rule(state: CampaignState, action: HouseRule, actor: str, dice: Dice, choices: Choices) -> str:
    """Recorded for all to read; it changes nothing the rules compute."""
    game_master_only(state, actor, "house rules")
    text = action.text.strip()
    if not text:
        raise Refused("a house rule needs its text", GAME_MASTER)
    return f"house rule: {text}"
