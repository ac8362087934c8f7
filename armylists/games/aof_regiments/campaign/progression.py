"""A unit's XP, level-ups, traits, injuries and talents (AoF Regiments, Campaign Rules: steps 3 and 4).

Nothing here is stored: a unit's level comes from its XP (`CampaignParams.level`)
and its value from its base, upgrades, level and hero traits
(`CampaignParams.unit_value`), each time they are asked for.
"""
from __future__ import annotations

from dataclasses import dataclass

from armylists.rules.campaign.dice import Choices, Dice
from armylists.rules.campaign.model import UnitState

from .params import CampaignParams
from .tables import Row, Table


@dataclass(frozen=True)
class Gain:
    """What earning XP did to a unit: the XP it kept, the levels and the traits it gained."""

    unit: UnitState
    earned: int
    kept: int
    levels: int
    gained: tuple[str, ...]


def earn_xp(unit: UnitState, earned: int, params: CampaignParams, dice: Dice, choices: Choices) -> Gain:
    """Add XP up to the cap; every level reached rolls a trait (regular) or a skill (hero)."""
    start = unit.xp
    xp = min(start + earned, params.max_xp)
    before, after = params.level(start), params.level(xp)
    unit = unit.changed(xp=xp)
    gained: list[str] = []
    for new_level in range(before + 1, after + 1):
        if unit.hero:
            unit, trait = _hero_skill(unit, new_level, params, dice, choices)
        else:
            unit, trait = _regular_trait(unit, new_level, params, dice, choices)
        gained.append(trait)
    return Gain(unit, earned, xp - start, after - before, tuple(gained))


def _held(unit: UnitState, row: Row) -> bool:
    return any(t == row.key or t.startswith(row.key + ":") for t in unit.traits)


def _regular_trait(unit: UnitState, new_level: int, params: CampaignParams, dice: Dice,
                   choices: Choices) -> tuple[UnitState, str]:
    """Roll on the trait table, re-rolling traits already held except repeatable ones (Specialist);
    Fast Learner picks any other trait instead (AoF Regiments, Campaign Rules: Earn Experience)."""
    table = params.tables.traits
    key = f"{unit.key}/level{new_level}"
    while True:
        row = table.lookup(dice.roll(key, table.sides))
        if row.effect == "pick-other":
            options = [r.key for r in table.rows if r.effect != "pick-other" and (r.repeatable or not _held(unit, r))]
            row = table.row(choices.pick(f"{key}/fast-learner", options,
                                         f"{unit.name} is a Fast Learner: pick a trait",
                                         {r.key: r.name for r in table.rows}))
        if row.repeatable or not _held(unit, row):
            break
    trait = row.key
    if row.picks:
        trait += ":" + choices.pick(f"{key}/{row.key}", row.picks, f"{unit.name} becomes a {row.name}: pick one")
    return unit.changed(traits=unit.traits + (trait,)), trait


def _hero_skill(unit: UnitState, new_level: int, params: CampaignParams, dice: Dice,
                choices: Choices) -> tuple[UnitState, str]:
    """A hero picks a skill set from a roll on the first level-up, and a second one once the first is
    complete; every level-up rolls a skill of its current set, re-rolling skills already held."""
    key = f"{unit.key}/level{new_level}"
    tables = params.tables
    current = tables.skill_sets[unit.skill_sets[-1]] if unit.skill_sets else None
    if current is None or all(k in unit.skills for k in current.row_keys()):
        pair = tables.skill_set_pairs.lookup(dice.roll(f"{key}/skill-set", tables.skill_set_pairs.sides))
        options = [s for s in pair.sets if s not in unit.skill_sets]
        chosen = choices.pick(f"{key}/skill-set", options, f"{unit.name} learns a skill set ({pair.name})",
                              {s: tables.skill_sets[s].name for s in options if s in tables.skill_sets})
        unit = unit.changed(skill_sets=unit.skill_sets + (chosen,))
        current = tables.skill_sets[chosen]
    skill = _roll_unheld(current, f"{key}/skill", unit.skills, dice)
    return unit.changed(skills=unit.skills + (skill.key,)), skill.key


def _roll_unheld(table: Table, key: str, held: tuple[str, ...], dice: Dice) -> Row:
    """"Each trait can only be gained once, so if you roll the same result simply re-roll.\""""
    while True:
        row = table.lookup(dice.roll(key, table.sides))
        if row.key not in held:
            return row


@dataclass(frozen=True)
class Casualty:
    """The outcome of a casualty roll: `dead`, and the XP, injury or talent it brought."""

    result: str  # the casualty table's key
    dead: bool = False
    xp: int = 0
    injury: str | None = None
    talent: str | None = None


def casualty_roll(unit: UnitState, params: CampaignParams, dice: Dice, reroll_ones: bool = False) -> Casualty:
    """Roll on the casualty table; a hero rolls an injury on a 1 and a talent on a 6
    (AoF Regiments, Campaign Rules: Check for Casualties)."""
    tables = params.tables
    key = f"{unit.key}/casualty"
    roll = dice.roll(key, tables.casualties.sides)
    if roll == 1 and reroll_ones:
        roll = dice.roll(key, tables.casualties.sides)
    row = tables.casualties.lookup(roll)
    if not unit.hero or row.key == "recovered":
        return Casualty(row.key, dead=row.effect == "dead", xp=row.xp if row.effect == "xp" else 0)
    if row.effect == "dead":
        injury = _roll_unheld(tables.injuries, f"{unit.key}/injury", unit.injuries, dice)
        if injury.effect == "dead":
            return Casualty("dead", dead=True)
        return Casualty("injury", injury=injury.key)
    if all(k in unit.talents for k in tables.talents.row_keys()):
        return Casualty("recovered")  # every talent held: nothing more to gain
    talent = _roll_unheld(tables.talents, f"{unit.key}/talent", unit.talents, dice)
    return Casualty("talent", talent=talent.key, xp=talent.xp if talent.effect == "xp" else 0)
