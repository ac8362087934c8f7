"""Age of Fantasy: Skirmish 3.3.1: list rules.

The shared OPR checks (`armylists.games.opr.rules`: `force`, `units` and `mixing`) with Skirmish's
numbers: force organisation per 125/125/25 points and 35% plus one model per 15
points, and at most one command group upgrade in the whole army. Heroes never
join units here, so any `joined_to` is an invalid join. A list is of one
faction unless it says otherwise (`default_mixed_armies` is `single`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from armylists.games.opr.rules import force as opr
from armylists.games.opr.rules import mixing, units
from armylists.games.opr.rules.force import opr_entry_cost
from armylists.games.opr.rules.numbers import OprParams
from armylists.rules.game import GameRules, sum_of_entries


@dataclass(frozen=True, slots=True)
class SkirmishParams(OprParams):
    # AoF Skirmish has no tournament guidelines, so its lists take no `tournament` mixed armies and its rules
    # page says nothing of them (whose units heroes would join there: its heroes never join units, AoF Skirmish,
    # Special Rules Reference: Hero).
    tournament_guidelines: ClassVar[bool] = False


RULES = GameRules(
    params_type=SkirmishParams,
    entry_cost=opr_entry_cost,
    list_points=sum_of_entries,
    checks=(*opr.FORCE_ORGANISATION, opr.too_many_models, *units.ALWAYS, *mixing.CHECKS),
    figures=opr.figures,
    copies=units.combined_copies,
    per_copy_groups=units.per_copy_groups,
)
