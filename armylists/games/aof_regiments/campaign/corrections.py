"""The campaign's length and the game master's corrections of traits, under AoF Regiments' campaign rules.

A correction may set what the rules would not (a trait without a level-up),
but only what the book's tables hold, each once.
"""
from __future__ import annotations

from armylists.rules.campaign.actions import SetLength, SetTraits
from armylists.rules.campaign.corrections import reason_given
from armylists.rules.campaign.dice import Choices, Dice
from armylists.rules.campaign.house import CORRECTION_BOUNDS
from armylists.rules.campaign.model import CampaignState
from armylists.rules.campaign.support import game_master_only, require_rules
from armylists.rules.refused import Refused


def set_length(state: CampaignState, action: SetLength, actor: str, dice: Dice, choices: Choices) -> str:
    """Game-, point- and time-limited campaigns last D6+4 missions, VP or weeks (Campaign Length)."""
    params = require_rules(state)
    game_master_only(state, actor, "the campaign's length")
    if state.kind == "endless":
        raise Refused("an endless campaign has no length", params.section("Campaign Length"))
    state.length = dice.roll("length", params.length_die) + params.length_add
    unit = {"game-limited": "missions", "point-limited": "VP", "time-limited": "weeks"}[state.kind]
    return f"the campaign lasts {state.length} {unit}"


def set_traits(state: CampaignState, action: SetTraits, actor: str, dice: Dice, choices: Choices) -> str:
    params = require_rules(state)
    army = state.army(action.army)
    game_master_only(state, actor, "corrections")
    reason = reason_given(action)
    unit = state.unit(army, action.unit)
    tables = params.tables
    _known(action.traits, {r.key + (f":{p}" if p else "") for r in tables.traits.rows if r.effect != "pick-other"
                           for p in (r.picks or ("",))}, "trait")
    _known(action.skill_sets, set(tables.skill_sets), "skill set")
    _known(action.skills, {k for s in action.skill_sets for k in tables.skill_sets[s].row_keys()}, "skill of its sets")
    _known(action.injuries, {r.key for r in tables.injuries.rows if r.effect != "dead"}, "injury")
    _known(action.talents, set(tables.talents.row_keys()), "talent")
    for name, values in (("skill set", action.skill_sets), ("skill", action.skills), ("injury", action.injuries),
                         ("talent", action.talents)):
        if len(set(values)) != len(values):
            raise Refused(f"a {name} is held only once", CORRECTION_BOUNDS)
    army.units[unit.key] = unit.changed(traits=action.traits, skill_sets=action.skill_sets, skills=action.skills,
                                        injuries=action.injuries, talents=action.talents)
    return f"{unit.name}'s traits corrected ({reason})"


def _known(values, allowed: set[str], what: str) -> None:
    for value in values:
        if value not in allowed:
            raise Refused(f"{value!r} is not a {what}", CORRECTION_BOUNDS)
