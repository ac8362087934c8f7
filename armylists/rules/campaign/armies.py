"""Armies and their units outside missions: preparation, upgrades, recruits, disbanding, names and notes.

AoF Regiments, Campaign Rules: Preparation, 5. Upgrade Armies and 6. Recruit
Units. Each handler changes the (cloned) state it is given and returns the
sentence the campaign log shows, or raises `Refused`.
"""
from __future__ import annotations

from ..refused import Refused
from .actions import (
    AddUnit,
    BuyUpgrade,
    DisbandArmy,
    DisbandUnit,
    NewUnit,
    Recruit,
    RenameUnit,
    SellUpgrade,
    SetNotes,
    StartArmy,
)
from .dice import Dice
from .house import FILE_BOUNDS, GONE, ONE_ARMY, WHO_CHANGES
from .model import DISBANDED, Allowance, ArmyState, CampaignState, UnitState
from .progression import earn_xp, unit_value
from .support import book, may_change, require_rules, unit_name_free, upgrades_fit

NAME_MAX = 120
NOTES_MAX = 2000


def check_name(name: str, what: str) -> str:
    name = name.strip()
    if not name:
        raise Refused(f"{what} needs a name", "Preparation: every army and unit has a unique name")
    if len(name) > NAME_MAX:
        raise Refused(f"{what}'s name is longer than {NAME_MAX} characters", FILE_BOUNDS)
    return name


def _make_unit(state: CampaignState, army: ArmyState, new: NewUnit) -> UnitState:
    name = check_name(new.name, "a unit")
    unit_name_free(army, name)
    upgrades_fit(new.spec, new.upgrades, name)
    unit = UnitState(key=state.new_unit_key(), name=name, spec=state.same_spec(new.spec), upgrades=tuple(new.upgrades))
    army.units[unit.key] = unit
    return unit


def start_army(state: CampaignState, action: StartArmy, actor: str, dice: Dice, choices) -> str:
    """A new army (or one started again after disbanding): 750 points to spend, at most 150 kept
    and at most one hero (AoF Regiments, Campaign Rules: Preparation)."""
    existing = state.armies.get(action.army)
    if existing is not None and existing.started:
        raise Refused(f"{existing.name} has already started", book(state, "Preparation"))
    if actor not in (action.owner, state.game_master):
        raise Refused("only the player or the game master may start a player's army", WHO_CHANGES)
    name = check_name(action.name, "an army")
    _army_name_free(state, action.army, action.owner, name)
    late = existing is None and state.missions and not state.late_joiners
    if late and state.params is not None:
        raise Refused("this campaign does not take late joiners: the first mission has been played",
                      state.params.section("Late Joiners"))
    army = ArmyState(action.army, action.owner, name, action.faction, restarted=existing is not None)
    if existing is not None:
        army.ledger, army.units = existing.ledger, existing.units  # the old army stays in the history
    state.armies[army.key] = army
    units = [_make_unit(state, army, new) for new in action.units]
    params = state.params
    if params is not None:
        _check_preparation(army, sum(unit_value(u, params) for u in units), params)
        state.post(army, params.starting_points, "start", "starting points")
        for unit in units:
            state.post(army, -unit_value(unit, params), "purchase", f"bought {unit.name}")
    return f"{name} joins the campaign with {len(units)} units"


def _army_name_free(state: CampaignState, key: str, owner: str, name: str) -> None:
    for other in state.armies.values():
        if other.key != key and other.started and other.name.casefold() == name.casefold():
            raise Refused(f"there is already an army called {other.name}", "Preparation: The Army Sheet")
        if other.key != key and other.owner == owner:
            raise Refused(f"{owner} already has an army in this campaign ({other.name})", ONE_ARMY)


def _check_preparation(army: ArmyState, spent: int, params) -> None:
    rule = params.section("Preparation")
    if spent > params.starting_points:
        raise Refused(f"the army costs {spent} points, more than the {params.starting_points} to spend", rule)
    kept = params.starting_points - spent
    if kept > params.max_banked:
        raise Refused(f"{kept} points would be kept for later; at most {params.max_banked} may be "
                      f"(spend at least {params.starting_points - params.max_banked})", rule)
    if army.heroes() > params.max_starting_heroes:
        raise Refused(f"the army has {army.heroes()} heroes; it may start with at most "
                      f"{params.max_starting_heroes}", rule)


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


def _between_missions(state: CampaignState, army: ArmyState, step: str) -> Allowance:
    """Steps 5 and 6 come after a mission, in order (AoF Regiments, Campaign Rules: Campaign Structure)."""
    params = require_rules(state)
    rule = params.section("Campaign Structure")
    if army.allowance is None:
        raise Refused(f"{army.name} has not played a mission yet: {step} comes after a mission", rule)
    if state.open_mission_of(army.key):
        raise Refused(f"{army.name} has a mission to finish first: record its post-battle before {step}", rule)
    return army.allowance


def _active_unit(state: CampaignState, army: ArmyState, key: str) -> UnitState:
    unit = state.unit(army, key)
    if not unit.active:
        raise Refused(f"{unit.name} is no longer in the army", GONE)
    return unit


def buy_upgrade(state: CampaignState, action: BuyUpgrade, actor: str, dice: Dice, choices) -> str:
    """Pay the upgrade's price; one that costs less than 0 pays the army instead (Upgrade Armies)."""
    army = state.army(action.army)
    may_change(state, army, actor)
    _between_missions(state, army, "buying upgrades")
    unit = _active_unit(state, army, action.unit)
    upgrades_fit(unit.spec, unit.upgrades + (action.upgrade,), unit.name)
    offer = unit.spec.offer(action.upgrade)
    state.post(army, -offer.price, "purchase", f"{offer.name} for {unit.name}")
    army.units[unit.key] = unit.changed(upgrades=unit.upgrades + (offer.slug,))
    return f"{unit.name} buys {offer.name} for {offer.price} points"


def sale_price(price: int, params) -> int:
    """Half the price, rounded down to a multiple of 5; an upgrade that cost less than 0 costs its
    full price to sell (AoF Regiments, Campaign Rules: Upgrade Armies)."""
    if price < 0:
        return price
    return price // params.sell_divisor // params.sell_step * params.sell_step


def sell_upgrade(state: CampaignState, action: SellUpgrade, actor: str, dice: Dice, choices) -> str:
    """Sell for half price; a 5-point item sells only on a 4+, one try per item after each mission."""
    army = state.army(action.army)
    may_change(state, army, actor)
    allowance = _between_missions(state, army, "selling upgrades")
    params = state.params
    unit = _active_unit(state, army, action.unit)
    if action.upgrade not in unit.upgrades:
        raise Refused(f"{unit.name} has no upgrade {action.upgrade!r} to sell", book(state, "Upgrade Armies"))
    offer = unit.spec.offer(action.upgrade)
    rest = tuple(u for u in unit.upgrades if u != offer.slug)
    if offer.price == params.gamble_price:
        attempt = (unit.key, offer.slug)
        if attempt in allowance.sale_attempts:
            raise Refused(f"{offer.name} on {unit.name} was already offered for sale after this mission",
                          params.section("Upgrade Armies"))
        allowance.sale_attempts |= {attempt}
        if dice.roll(f"{unit.key}/sell/{offer.slug}", 6) < params.gamble_min_roll:
            return f"nobody buys {offer.name} from {unit.name}"
        refund = params.gamble_price
    else:
        refund = sale_price(offer.price, params)
    state.post(army, refund, "sale", f"sold {offer.name} from {unit.name}")
    army.units[unit.key] = unit.changed(upgrades=rest)
    return f"{unit.name} sells {offer.name} for {refund} points"


def recruit(state: CampaignState, action: Recruit, actor: str, dice: Dice, choices) -> str:
    """One new hero per mission and three at most; one veteran per mission, for 50 points more, starting
    with 5 XP (AoF Regiments, Campaign Rules: Recruit Units)."""
    army = state.army(action.army)
    may_change(state, army, actor)
    allowance = _between_missions(state, army, "recruiting")
    params = state.params
    rule = params.section("Recruit Units")
    if action.unit.spec.hero:
        if allowance.heroes >= params.heroes_per_mission:
            raise Refused(f"{army.name} already recruited {allowance.heroes} new hero after this mission; "
                          f"at most {params.heroes_per_mission} per mission", rule)
        if army.heroes() >= params.max_heroes:
            raise Refused(f"{army.name} already has {army.heroes()} heroes; at most {params.max_heroes} at once",
                          rule)
    if action.veteran:
        if action.unit.spec.hero:
            raise Refused("only regular units may be recruited as veterans", rule)
        if allowance.veterans >= params.veterans_per_mission:
            raise Refused(f"{army.name} already recruited a veteran after this mission; at most "
                          f"{params.veterans_per_mission} per mission", rule)
    unit = _make_unit(state, army, action.unit)
    cost = unit_value(unit, params) + (params.veteran_fee if action.veteran else 0)
    state.post(army, -cost, "recruit", f"recruited {unit.name}" + (" as a veteran" if action.veteran else ""))
    if action.veteran:
        unit = earn_xp(unit, params.veteran_xp, params, dice, choices).unit
        army.units[unit.key] = unit
    allowance.heroes += action.unit.spec.hero
    allowance.veterans += action.veteran
    return f"{army.name} recruits {unit.name} ({unit.spec.unit_name}) for {cost} points"


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
    unit = _active_unit(state, army, action.unit)
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
    unit = _make_unit(state, army, action.unit)
    return f"{army.name} adds {unit.name}"
