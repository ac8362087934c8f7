"""Engine units, options and factions for tests and benchmarks, without a database or Django: a unit (an option) of any
game, its game's own fields given by name as a faction file names them (docs/architecture.md, "A game is one
package")."""
from __future__ import annotations

import dataclasses
import functools

from armylists.games.registry import homes
from armylists.rules.model import Faction, Option, Unit


# What a unit has where a test leaves a field of its game out: what the engine reads for it from the
# library (a unit of 1 model, costing 0, not a hero...).
@functools.cache
def unit_defaults() -> dict:
    return {f.name: f.when_missing for home in reversed(homes()) for f in home.files.unit_fields}


# What an option has where a test leaves a field of its game out (bought for the unit, no command upgrade...).
@functools.cache
def option_defaults() -> dict:
    return {f.name: f.when_missing for home in reversed(homes()) for f in home.files.option_fields}


# What a faction has where a test leaves a field of its game out (no side, no grimoire...).
@functools.cache
def faction_defaults() -> dict:
    return {f.name: _as_in_a_file(f.when_missing) for home in reversed(homes()) for f in home.files.faction_fields}


CORE = {"name", "rules", "options", "option_groups", "sample"}
OPTION_CORE = {"name", "cost", "group"}


def _as_in_a_file(value):
    """A field's value as a unit document holds it (a weapon as its object), frozen as the engine keeps it."""
    if isinstance(value, (list, tuple)):
        return tuple(dataclasses.asdict(v) if dataclasses.is_dataclass(v) else v for v in value)
    return value


def unit(slug: str = "infantry", *, faction: str = "kingdom", **fields) -> Unit:
    """An engine unit of any game, with no database: its game's own fields (`cost`, `hero`, `kind`...)
    go in `details`, `class_` as "class"."""
    fields.setdefault("name", slug.replace("-", " ").title())
    own = {k.rstrip("_"): _as_in_a_file(v) for k, v in fields.items() if k not in CORE}  # class_: "class"
    core = {k: v for k, v in fields.items() if k in CORE}
    return Unit(slug=slug, faction=faction, details=unit_defaults() | own, **core)


def faction(slug: str, name: str, **fields) -> Faction:
    """An engine faction of any game, with no database: its game's own fields (`alignment`, `grimoires`...) go
    in `details`, as a faction file names them."""
    return Faction(slug=slug, name=name, details=faction_defaults() | {k: _as_in_a_file(v) for k, v in fields.items()})


def option(slug: str, cost: int = 0, **fields) -> Option:
    """An engine option of any game, with no database: its game's own fields (`scope`, `command`, `weapons`...)
    go in `details`, as a faction file writes them."""
    fields.setdefault("name", slug.replace("-", " ").title())
    own = {k: _as_in_a_file(v) for k, v in fields.items() if k not in OPTION_CORE}
    core = {k: v for k, v in fields.items() if k in OPTION_CORE}
    details = option_defaults() | own
    return Option(slug=slug, cost=cost, grants=tuple(details.get("rules", ())), details=details, **core)
