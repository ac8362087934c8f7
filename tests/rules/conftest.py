"""Builders for engine tests: plain dataclasses, no database, no Django."""
from __future__ import annotations


import pytest

from armylists.games.registry import game_home, homes
from armylists.rules import check as engine_check
from armylists.rules import params_for
from armylists.rules.model import Army, Entry, Unit
from tests.engine_units import option, unit  # noqa: F401 - the engine tests' unit and option builders

NUMBERS = {home.slug: home.system["params"] for home in homes()}


def params(game: str, **overrides):
    """The game's shipped numbers, as an event would override them."""
    return params_for(game_home(game).rules, NUMBERS[game], overrides)


def check(army: Army, params):
    """`army` checked by its game's rules, which the engine is handed, as the checking layer hands them."""
    return engine_check(game_home(army.game).rules, army, params)


def entry(id: str, of: Unit, *options: str, **fields) -> Entry:
    """An entry of the unit `of` taking the named options of that unit."""
    chosen = tuple(of.option(s) for s in options)
    assert all(chosen), f"unit {of.slug} has no option among {options}"
    return Entry(id=id, unit=of, options=chosen, **fields)


def army(game: str, *entries: Entry, faction: str = "kingdom", **fields) -> Army:
    return Army(game=game, faction=faction, entries=tuple(entries), **fields)


@pytest.fixture
def numbers():
    return NUMBERS


def codes(report) -> list[str]:
    """The report's violation codes, in order."""
    return [v.code for v in report.violations]


def only(report, code: str):
    """The one violation with `code`; fails when there is none or several."""
    found = [v for v in report.violations if v.code == code]
    assert len(found) == 1, report.violations
    return found[0]
