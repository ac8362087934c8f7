"""An army's start and what it buys between missions, under AoF Regiments' campaign rules.

AoF Regiments, Campaign Rules: Preparation, 5. Upgrade Armies and 6. Recruit
Units. Each handler changes the (cloned) state it is given and returns the
sentence the campaign log shows, or raises `Refused`.
"""
from __future__ import annotations

from armylists.rules.campaign.actions import BuyUpgrade, Recruit, SellUpgrade, StartArmy
from armylists.rules.campaign.armies import active_unit, joined, make_unit, open_army
from armylists.rules.campaign.dice import Dice
from armylists.rules.campaign.model import Allowance, ArmyState, CampaignState
from armylists.rules.campaign.support import book, may_change, require_rules, upgrades_fit
from armylists.rules.refused import Refused

from .progression import earn_xp


def start_army(state: CampaignState, action: StartArmy, actor: str, dice: Dice, choices) -> str:
    """A new army: 750 points to spend, at most 150 kept and at most one hero; no army joins once the
    first mission is played, unless the campaign takes late joiners (AoF Regiments, Campaign Rules:
    Preparation)."""
    params = state.params
    late = action.army not in state.armies and state.missions and not state.late_joiners
    army, units = open_army(state, action, actor)
    if late:
        raise Refused("this campaign does not take late joiners: the first mission has been played",
                      params.section("Late Joiners"))
    _check_preparation(army, sum(params.unit_value(u) for u in units), params)
    state.post(army, params.starting_points, "start", "starting points")
    for unit in units:
        state.post(army, -params.unit_value(unit), "purchase", f"bought {unit.name}")
    return joined(army, units)


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


def _between_missions(state: CampaignState, army: ArmyState, step: str) -> Allowance:
    """Steps 5 and 6 come after a mission, in order (AoF Regiments, Campaign Rules: Campaign Structure)."""
    params = require_rules(state)
    rule = params.section("Campaign Structure")
    if army.allowance is None:
        raise Refused(f"{army.name} has not played a mission yet: {step} comes after a mission", rule)
    if state.open_mission_of(army.key):
        raise Refused(f"{army.name} has a mission to finish first: record its post-battle before {step}", rule)
    return army.allowance


def buy_upgrade(state: CampaignState, action: BuyUpgrade, actor: str, dice: Dice, choices) -> str:
    """Pay the upgrade's price; one that costs less than 0 pays the army instead (Upgrade Armies)."""
    army = state.army(action.army)
    may_change(state, army, actor)
    _between_missions(state, army, "buying upgrades")
    unit = active_unit(state, army, action.unit)
    upgrades_fit(unit.spec, unit.upgrades + (action.upgrade,), unit.name)
    offer = unit.spec.offer(action.upgrade)
    state.post(army, -offer.price, "purchase", f"{offer.name} for {unit.name}")
    army.units[unit.key] = unit.changed(upgrades=unit.upgrades + (offer.slug,))
    return f"{unit.name} buys {offer.name} for {offer.price} points"


def sell_upgrade(state: CampaignState, action: SellUpgrade, actor: str, dice: Dice, choices) -> str:
    """Sell for half price; a 5-point item sells only on a 4+, one try per item after each mission."""
    army = state.army(action.army)
    may_change(state, army, actor)
    allowance = _between_missions(state, army, "selling upgrades")
    params = state.params
    unit = active_unit(state, army, action.unit)
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
        refund = params.sale_price(offer.price)
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
    unit = make_unit(state, army, action.unit)
    cost = params.unit_value(unit) + (params.veteran_fee if action.veteran else 0)
    state.post(army, -cost, "recruit", f"recruited {unit.name}" + (" as a veteran" if action.veteran else ""))
    if action.veteran:
        unit = earn_xp(unit, params.veteran_xp, params, dice, choices).unit
        army.units[unit.key] = unit
    allowance.heroes += action.unit.spec.hero
    allowance.veterans += action.veteran
    return f"{army.name} recruits {unit.name} ({unit.spec.unit_name}) for {cost} points"


