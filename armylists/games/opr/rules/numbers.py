"""The numbers the two One Page Rules games' list rules read, and those rules in plain words."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from armylists.rules.params import GameParams


def mixing_ways(p: OprParams) -> dict[str, tuple[str, str]]:
    """Each way of mixing factions (`mixed_armies`): its name, with the numbers in force, and what
    a list that does not say gets when it is the game's `default_mixed_armies`."""
    return {
        "single": ("Single (this faction only)",
                   "Every unit comes from the list's faction unless the list says otherwise."),
        "free": ("Free (any factions)", "Lists mix factions freely unless they say otherwise."),
        "tournament": (f"Tournament ({p.mixed_max_factions} factions, {p.mixed_primary_percent}% primary)",
                       "Lists follow the tournament mixed-army rules unless they say otherwise."),
    }


def _opr_unit_cost(p: OprParams) -> str:
    line = f"No single unit may cost over {p.max_unit_percent}% of the points limit"
    if not p.heroes_may_join:
        return line + "."
    if p.joined_hero_in_unit_cost:
        return line + "; a hero that joined a unit counts towards its cost."
    return line + "; a hero that joined a unit is judged on its own."


@dataclass(frozen=True, slots=True)
class OprParams(GameParams):
    hero_per: int  # one hero per this many points of the limit
    copies_per: int  # 1 + one more copy per this many points
    max_unit_percent: int  # no single unit over this share of the limit
    joined_hero_in_unit_cost: bool  # a joined hero's cost counts towards its unit's share
    unit_per: int  # one unit per this many points
    model_per: int | None  # one model per this many points (Skirmish only)
    command_group_scope: str  # "unit": one of each per unit; "army": one in the whole army
    heroes_may_join: bool
    join_max_tough: int  # heroes up to Tough(X) may join a unit
    default_mixed_armies: str  # single | free | tournament, when the list does not say
    mixed_max_factions: int  # tournament mixed armies
    mixed_primary_percent: int
    army_section: ClassVar[str] = "Preparing your Army"
    # Whether the book has tournament guidelines, and so `mixed_armies` `tournament` (AoF Regiments does).
    tournament_guidelines: ClassVar[bool] = True

    def explain(self) -> list[str]:
        p = self
        lines = [
            "The list's points may not go over the agreed points limit (equal is fine).",
            f"With force organisation: at most 1 hero per {p.hero_per} points of the limit.",
            f"Copies of the same unit: at most 1, plus 1 per {p.copies_per} points; a combined unit "
            "counts once, and two sizes of one unit are one unit.",
            _opr_unit_cost(p),
            f"At most 1 unit per {p.unit_per} points; a combined unit counts once"
            + (", a joined hero not at all." if p.heroes_may_join else "."),
        ]
        if p.model_per:
            lines.append(f"At most 1 model per {p.model_per} points; a combined unit counts its models twice.")
        if p.command_group_scope == "army":
            lines.append("Always: only one command group upgrade (sergeant, musician or banner) in the whole army.")
        else:
            lines.append("Always: a unit may take each command group upgrade (sergeant, musician, banner) only once, "
                         "even combined, counting those of a hero that joined it.")
        lines.append("Always: only multi-model units that are not heroes may be combined (two copies into one); "
                     "a combined unit may take a per-model choice such as \u201creplace one\u201d once for each copy.")
        if p.heroes_may_join:
            lines.append(f"Always: a hero up to Tough({p.join_max_tough}) may join one multi-model unit "
                         "that has no other hero.")
        else:
            lines.append("Always: heroes never join units.")
        ways = mixing_ways(p)
        lines.append(ways.get(p.default_mixed_armies, ways["free"])[1])
        if p.tournament_guidelines:
            lines.append(
                f"Tournament mixed armies: units from at most {p.mixed_max_factions} factions; a list that mixes "
                f"them spends at least {p.mixed_primary_percent}% of its points on the primary faction, and heroes "
                "join only their own faction's units."
            )
        return lines
