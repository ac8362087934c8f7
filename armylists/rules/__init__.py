"""Muster's rules engine: plain Python, no Django, no I/O.

`check(army, params)` takes a list and its unit data (see `model`) and the
game's numbers (see `params`) and returns a `Report`. Everything that reads
files, databases or requests lives outside this package.
"""
from __future__ import annotations

from .common import COMMON_CHECKS
from .game import Tally
from .model import Army
from .params import GameParams, build_params
from .registry import games, rules_for
from .report import Figure, Report, Violation

__all__ = ["games", "Report", "Violation", "Figure", "check", "params_for", "rules_for"]


def params_for(game: str, data, overrides=None) -> GameParams:
    """The typed numbers of `game` from its game-system data, with overrides on top."""
    return build_params(rules_for(game).params_type, data, overrides)


def check(army: Army, params: GameParams) -> Report:
    rules = rules_for(army.game)
    entry_points = {e.id: rules.entry_cost(e) for e in army.entries}
    tally = Tally(entry_points, rules.list_points(army, params, entry_points))
    violations = tuple(
        v for rule in (*COMMON_CHECKS, *rules.checks) for v in rule(army, params, tally)
    )
    return Report(
        points=tally.points,
        points_limit=army.points_limit,
        violations=violations,
        entry_points=entry_points,
        figures=rules.figures(army, params, tally),
    )
