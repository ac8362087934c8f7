"""Armies and their units outside missions, in every campaign: starting, names, notes, disbanding.

What a game's campaign rules add (the points an army starts with, upgrades,
recruits) is the game's (`game.GameCampaign`). Each handler changes the
(cloned) state it is given and returns the sentence the campaign log shows,
or raises `Refused`.
"""
from __future__ import annotations

from ..refused import Refused
from .actions import AddUnit, DisbandArmy, DisbandUnit, NewUnit, RenameUnit, SetNotes, StartArmy
from .dice import Dice
from .house import FILE_BOUNDS, GONE, ONE_ARMY, WHO_CHANGES
from .model import DISBANDED, ArmyState, CampaignState, UnitState
from .support import book, may_change, unit_name_free, upgrades_fit

NAME_MAX = 120
NOTES_MAX = 2000


def check_name(name: str, what: str) -> str:
    name = name.strip()
    if not name:
        raise Refused(f"{what} needs a name", "Preparation: every army and unit has a unique name")
    if len(name) > NAME_MAX:
        raise Refused(f"{what}'s name is longer than {NAME_MAX} characters", FILE_BOUNDS)
    return name


def make_unit(state: CampaignState, army: ArmyState, new: NewUnit) -> UnitState:
    name = check_name(new.name, "a unit")
    unit_name_free(army, name)
    upgrades_fit(new.spec, new.upgrades, name)
    unit = UnitState(key=state.new_unit_key(), name=name, spec=state.same_spec(new.spec), upgrades=tuple(new.upgrades))
    army.units[unit.key] = unit
    return unit


def open_army(state: CampaignState, action: StartArmy, actor: str) -> tuple[ArmyState, list[UnitState]]:
    """A new army with its units (or one started again after disbanding); a game's campaign rules add
    what its book asks of a new army."""
    existing = state.armies.get(action.army)
    if existing is not None and existing.started:
        raise Refused(f"{existing.name} has already started", book(state, "Preparation"))
    if actor not in (action.owner, state.game_master):
        raise Refused("only the player or the game master may start a player's army", WHO_CHANGES)
    name = check_name(action.name, "an army")
    _army_name_free(state, action.army, action.owner, name)
    army = ArmyState(action.army, action.owner, name, action.faction, restarted=existing is not None)
    if existing is not None:
        army.ledger, army.units = existing.ledger, existing.units  # the old army stays in the history
    state.armies[army.key] = army
    return army, [make_unit(state, army, new) for new in action.units]


def start_army(state: CampaignState, action: StartArmy, actor: str, dice: Dice, choices) -> str:
    army, units = open_army(state, action, actor)
    return joined(army, units)


def joined(army: ArmyState, units: list[UnitState]) -> str:
    return f"{army.name} joins the campaign with {len(units)} units"


def _army_name_free(state: CampaignState, key: str, owner: str, name: str) -> None:
    for other in state.armies.values():
        if other.key != key and other.started and other.name.casefold() == name.casefold():
            raise Refused(f"there is already an army called {other.name}", "Preparation: The Army Sheet")
        if other.key != key and other.owner == owner:
            raise Refused(f"{owner} already has an army in this campaign ({other.name})", ONE_ARMY)


def rename_unit(state: CampaignState, action: RenameUnit, actor: str, dice: Dice, choices) -> str:
    army = state.army(action.army)
    may_change(state, army, actor)
    unit = state.unit(army, action.unit)
    name = check_name(action.name, "a unit")
    unit_name_free(army, name, but=unit.key)
    army.units[unit.key] = unit.changed(name=name)
    return f"{unit.name} is now called {name}"


def set_notes(state: CampaignState, action: SetNotes, actor: str, dice: Dice, choices) -> str:
    army = state.army(action.army)
    may_change(state, army, actor)
    unit = state.unit(army, action.unit)
    if len(action.notes) > NOTES_MAX:
        raise Refused(f"notes are at most {NOTES_MAX} characters", FILE_BOUNDS)
    army.units[unit.key] = unit.changed(notes=action.notes)
    return f"notes on {unit.name} changed"


def active_unit(state: CampaignState, army: ArmyState, key: str) -> UnitState:
    unit = state.unit(army, key)
    if not unit.active:
        raise Refused(f"{unit.name} is no longer in the army", GONE)
    return unit


def _army_at_rest(state: CampaignState, key: str, actor: str) -> ArmyState:
    """The army, for a change its player makes outside a mission."""
    army = state.army(key)
    may_change(state, army, actor)
    if state.open_mission_of(army.key):
        raise Refused(f"{army.name} has a mission to finish first", book(state, "Campaign Structure"))
    return army


def disband_unit(state: CampaignState, action: DisbandUnit, actor: str, dice: Dice, choices) -> str:
    """Any unit may be disbanded, for nothing back (Recruit Units: Disbanding Units)."""
    army = _army_at_rest(state, action.army, actor)
    unit = active_unit(state, army, action.unit)
    army.units[unit.key] = unit.changed(status=DISBANDED)
    return f"{army.name} disbands {unit.name}"


def disband_army(state: CampaignState, action: DisbandArmy, actor: str, dice: Dice, choices) -> str:
    """The whole army goes, with its units, VP and points; the player starts again from scratch."""
    army = _army_at_rest(state, action.army, actor)
    for unit in list(army.active_units()):
        army.units[unit.key] = unit.changed(status=DISBANDED)
    state.post(army, -army.bank, "disband", "the whole army disbanded")
    army.vp, army.matches, army.started, army.allowance = 0, 0, False, None
    return f"{army.name} is disbanded; its player starts again from scratch"


def add_unit(state: CampaignState, action: AddUnit, actor: str, dice: Dice, choices) -> str:
    """Games without campaign rules: the player adds a unit, and the ledger is theirs to keep."""
    if state.params is not None:
        raise Refused("units join through recruiting in a campaign with campaign rules", book(state, "Recruit Units"))
    army = state.army(action.army)
    may_change(state, army, actor)
    unit = make_unit(state, army, action.unit)
    return f"{army.name} adds {unit.name}"
