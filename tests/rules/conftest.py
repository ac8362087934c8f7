"""Builders for engine tests: plain dataclasses, no database, no Django."""
from __future__ import annotations


import dataclasses

import pytest

from armylists.games.registry import homes
from armylists.rules import params_for
from armylists.rules.model import Army, Entry, Option, Unit

NUMBERS = {home.slug: home.system["params"] for home in homes()}


def params(game: str, **overrides):
    """The game's shipped numbers, as an event would override them."""
    return params_for(game, NUMBERS[game], overrides)


# What a unit has where a test leaves a field of its game out: the field's default, as the game declares
# it; a number every unit of its game must have, its least value (a unit of 1 model, costing 0).
UNIT_DEFAULTS = {f.name: f.low if f.required and f.kind == "number" else f.default
                 for home in reversed(homes()) for f in home.unit_fields}
CORE = {"name", "rules", "options", "option_groups", "sizes", "alignment", "sample"}


def _as_in_a_file(value):
    """A field's value as a unit document holds it (a weapon as its object), frozen as the engine keeps it."""
    if isinstance(value, (list, tuple)):
        return tuple(dataclasses.asdict(v) if dataclasses.is_dataclass(v) else v for v in value)
    return value


def unit(slug: str = "infantry", *, faction: str = "kingdom", **fields) -> Unit:
    """A unit of any game: its game's own fields (`cost`, `hero`, `kind`...) go in `details`."""
    fields.setdefault("name", slug.replace("-", " ").title())
    own = {k.rstrip("_"): _as_in_a_file(v) for k, v in fields.items() if k not in CORE}  # class_: "class"
    core = {k: v for k, v in fields.items() if k in CORE}
    return Unit(slug=slug, faction=faction, details=UNIT_DEFAULTS | own, **core)


def option(slug: str, cost: int = 0, **fields) -> Option:
    fields.setdefault("name", slug.replace("-", " ").title())
    return Option(slug=slug, cost=cost, **fields)


def entry(id: str, unit: Unit, *options: str, **fields) -> Entry:
    """An entry of `unit` taking the named options of that unit."""
    chosen = tuple(unit.option(s) for s in options)
    assert all(chosen), f"unit {unit.slug} has no option among {options}"
    return Entry(id=id, unit=unit, options=chosen, **fields)


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
