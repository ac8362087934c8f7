"""Age of Fantasy: Skirmish 3.3.1: list rules.

The shared OPR checks (see `opr`) with Skirmish's numbers: force organisation
per 125/125/25 points and 35% plus one model per 15 points, and at most one
command-group upgrade in the whole army. Heroes never join units here, so any
`joined_to` is an invalid join; the tournament mixed-army rules are borrowed
from Regiments because the list format offers `mixed_armies` for both games.
"""
from __future__ import annotations

from . import opr
from .costs import opr_entry_cost
from .game import GameRules, sum_of_entries
from .params import OprParams

RULES = GameRules(
    slug="aof-skirmish",
    params_type=OprParams,
    entry_cost=opr_entry_cost,
    list_points=sum_of_entries,
    checks=(*opr.FORCE_ORGANISATION, opr.too_many_models, *opr.ALWAYS, *opr.MIXED_ARMIES),
    figures=opr.figures,
)
