"""What each die of a post-battle did, in words, for the page that shows it once it is recorded.

The dice are the ones the log kept for the action (keyed as in `docs/campaigns.md`, "The campaign
file"); each is read back through the campaign's own tables (AoF Regiments, Campaign Rules: Check for
Casualties, Earn Experience), so a roll and what it did are never shown apart.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from armylists.rules.campaign import CampaignNumbers, CampaignState
from armylists.rules.campaign.actions import PostBattle
from armylists.rules.campaign.model import UnitState


@dataclass(frozen=True)
class UnitDice:
    name: str
    casualty: bool
    lines: list[str]


def _rerolled(table: Any, dice: Sequence[int], what: str) -> str:
    """"Injury roll 3: Blinded Eye"; rolls before the last were results already held, so rolled again."""
    *again, last = dice
    before = "".join(f"{d} ({table.lookup(d).name}, already held: rolled again), " for d in again)
    return f"{what} {before}{last}: {table.lookup(last).name}"


def _casualty(params: CampaignNumbers, unit: UnitState, dice: Sequence[int], permadeath: bool) -> str:
    table = params.tables.casualties
    first = f"{dice[0]}, rolled again: " if len(dice) > 1 else ""  # a 1 re-rolled by an event
    row = table.lookup(dice[-1])
    if unit.hero and row.effect == "dead":
        said = "an injury roll follows"
    elif unit.hero and row.effect == "xp":
        said = "a talent roll follows"
    elif row.effect == "dead":
        said = "struck from the army sheet" if permadeath else "down: no XP this match, and a roll for the " \
                                                               "matches it sits out"
    else:
        said = row.text[:1].lower() + row.text[1:].rstrip(".")
    return f"Casualty roll {first}{dice[-1]}: {row.name}" + (f", {said}" if said else "")


def _hero_skill(params: CampaignNumbers, unit: UnitState, dice: Sequence[int]) -> str:
    """The skill table is the set the hero rolled it in: the one holding the skill that roll gives."""
    for key in unit.skill_sets:
        table = params.tables.skill_sets[key]
        if table.lookup(dice[-1]).key in unit.skills:
            return _rerolled(table, dice, "Skill roll")
    return f"Skill roll {', '.join(map(str, dice))}"


def _line(params: CampaignNumbers, unit: UnitState, what: str, dice: Sequence[int], permadeath: bool) -> str:
    tables = params.tables
    if what == "casualty":
        return _casualty(params, unit, dice, permadeath)
    if what == "injury":
        return _rerolled(tables.injuries, dice, "Injury roll")
    if what == "talent":
        return _rerolled(tables.talents, dice, "Talent roll")
    if what == "sit-out":
        return f"Sit-out roll {dice[-1]}: sits out {dice[-1]} match{'es' if dice[-1] != 1 else ''}"
    level, _, rest = what.partition("/")
    number = level.removeprefix("level")
    if rest == "skill-set":
        return f"Level {number} skill-set roll {dice[-1]}: {tables.skill_set_pairs.lookup(dice[-1]).name}"
    if rest == "skill":
        return f"Level {number}: " + _hero_skill(params, unit, dice)
    if level.startswith("level") and not rest:
        return f"Level {number}: " + _rerolled(tables.traits, dice, "trait roll")
    return f"Roll {', '.join(map(str, dice))}"


STEPS = ("casualty", "injury", "talent", "sit-out")  # in the order the post-battle rolls them
LEVEL_STEPS = ("", "skill-set", "skill")


def _when(what: str) -> tuple[int, int, int]:
    """Where a die's key falls in the post-battle sequence: the log's dice are a JSON object, whose keys a
    database need not keep in order (PostgreSQL's jsonb does not)."""
    if what in STEPS:
        return (0, STEPS.index(what), 0)
    level, _, rest = what.partition("/")
    number = level.removeprefix("level")
    return (1, int(number) if number.isdigit() else 0, LEVEL_STEPS.index(rest) if rest in LEVEL_STEPS else 3)


def post_battle_dice(params: CampaignNumbers, state: CampaignState, action: PostBattle,
                     rolls: Mapping[str, list[int]], permadeath: bool) -> list[UnitDice]:
    """Each fielded unit of a recorded post-battle (`action`, with the dice the log kept for it): a
    casualty or not, and every die it rolled, in words."""
    army = state.armies[action.army]
    casualties = {r.unit for r in action.results if r.casualty}
    rows = []
    for key in state.mission(action.mission).fielded[army.key]:
        unit = army.units.get(key)
        if unit is None:
            continue
        rolled: Mapping[str, list[int]] = {k.partition("/")[2]: v for k, v in rolls.items()
                                           if k.partition("/")[0] == key and v}
        rows.append(UnitDice(unit.name, key in casualties,
                             [_line(params, unit, what, rolled[what], permadeath)
                              for what in sorted(rolled, key=_when)]))
    return rows
