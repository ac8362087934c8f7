"""Builders for engine tests: plain dataclasses, no database, no Django."""
from __future__ import annotations


import pytest

from dataclasses import replace

from armylists.games.files import ARMY_SHARED
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


def entry(id: str, of: Unit, *options: str, name: str | None = None, game: str | None = None, **own) -> Entry:
    """An entry of the unit `of` taking the named options of that unit; `own`, its game's own fields as its
    list file names them (`combined=True`, `regiment="e1"`). Its other own fields are filled in at their
    defaults by `army`, which knows the game, or here when `game` is given."""
    chosen = tuple(of.option(s) for s in options)
    assert all(chosen), f"unit {of.slug} has no option among {options}"
    details = game_home(game).files.entry_details(own) if game else own
    return Entry(id=id, unit=of, options=chosen, name=name, details=details)


def army(game: str, *entries: Entry, faction: str = "kingdom", **fields) -> Army:
    """A list of `game`; `fields`, what every army has (`points_limit`) and its game's own (`regiments=3`,
    `cards_chosen`), the others at their defaults, as a list file leaving them out would have them."""
    home = game_home(game)
    shared = {k: v for k, v in fields.items() if k in ARMY_SHARED}
    own = {k: v for k, v in fields.items() if k not in shared}
    entries = tuple(replace(e, details=home.files.entry_details(e.details)) for e in entries)
    return Army(game=game, faction=faction, entries=entries, **shared, details=home.files.army_details(own))


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
