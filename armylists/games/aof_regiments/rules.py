"""Age of Fantasy: Regiments 3.4.0: list rules.

The shared OPR checks (`armylists.games.opr.rules`: `force`, `units` and `mixing`) with Regiments'
numbers: force organisation per 375/750/150 points and 35% (a joined hero
counting as part of its unit), command groups one of each per unit, heroes
joining units, combined units, and the tournament mixed-army guidelines.
Regiments has no model cap (`model_per` is None), so it runs no model check.
"""
from __future__ import annotations

from armylists.games.opr.rules import force as opr
from armylists.games.opr.rules import mixing, units
from armylists.games.opr.rules.force import opr_entry_cost
from armylists.games.opr.rules.numbers import OprParams
from armylists.rules.game import GameRules, sum_of_entries

RULES = GameRules(
    params_type=OprParams,
    entry_cost=opr_entry_cost,
    list_points=sum_of_entries,
    checks=(*opr.FORCE_ORGANISATION, *units.ALWAYS, *mixing.CHECKS),
    figures=opr.figures,
    copies=units.combined_copies,
    per_copy_groups=units.per_copy_groups,
)
