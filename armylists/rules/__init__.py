"""Muster's rules engine: plain Python, no Django, no I/O.

`check(rules, army, params)` takes a game's rules (its `GameRules`, see
`game`), a list and its unit data (see `model`) and the game's numbers (see
`params`) and returns a `Report`. The engine looks no game up: whoever checks
hands it the rules of the list's game (the games layer holds them,
docs/architecture.md, "The layers"). Everything that reads files, databases or
requests lives outside this package.
"""
from __future__ import annotations

from .common import common_checks
from .game import GameRules, Tally
from .model import Army
from .params import GameParams, build_params
from .report import Figure, Report, Violation

__all__ = ["GameRules", "Report", "Violation", "Figure", "check", "params_for"]


def params_for(rules: GameRules, data, overrides=None) -> GameParams:
    """The typed numbers of the game whose rules are `rules`, from its game-system data, with overrides on top."""
    return build_params(rules.params_type, data, overrides)


def check(rules: GameRules, army: Army, params: GameParams) -> Report:
    """`army` checked by `rules`, its game's, with the game's numbers `params`."""
    entry_points = {e.id: rules.entry_cost(e) for e in army.entries}
    tally = Tally(entry_points, rules.list_points(army, params, entry_points))
    violations = tuple(
        v for rule in (*common_checks(rules), *rules.checks) for v in rule(army, params, tally)
    )
    return Report(
        points=tally.points,
        points_limit=army.points_limit,
        violations=violations,
        entry_points=entry_points,
        figures=rules.figures(army, params, tally),
    )
