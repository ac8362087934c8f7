"""Unit data -> the rules engine's `Unit` (and a faction's -> its `Faction`): the only bridge from the library
into the engine.

It reads unit documents (the faction-file JSON of one unit, see exporter.py),
so a unit from the database and a unit frozen into a submission are checked
by exactly the same code.
"""
from __future__ import annotations

from typing import Any

from armylists.games.base import Game
from armylists.games.own_fields import OwnField
from armylists.games.schema import is_sample
from armylists.rules.model import Faction, Option, OptionGroup, Unit


def engine_unit(doc: dict[str, Any], faction: str, home: Game) -> Unit:
    """The unit of a unit document, its game's own unit and option fields at their defaults where the document
    leaves them out."""
    return Unit(
        slug=doc["slug"],
        name=doc["name"],
        faction=faction,
        rules=tuple(doc.get("rules", ())),
        options=tuple(
            Option(slug=o["slug"], name=o["name"], cost=o.get("cost", 0), group=o.get("group"),
                   grants=home.library.option_grants(o), details=own_fields(o, home.files.option_fields))
            for o in doc.get("options", ())
        ),
        option_groups=tuple(
            OptionGroup(slug=g["slug"], name=g["name"], min=g.get("min", 0), max=g.get("max", 1))
            for g in doc.get("option_groups", ())
        ),
        sample=is_sample(doc.get("notes")),
        details=own_fields(doc, home.files.unit_fields),
    )


def engine_faction(slug: str, name: str, details: dict[str, Any], home: Game) -> Faction:
    """A faction of the library, its game's own faction fields as a frozen library keeps them of every faction
    (`Files.frozen_details`, whatever the list draws on), each at its default where that leaves it out: a list is
    checked alike against the library and against a submission's snapshot (docs/events.md, "Submissions are
    frozen")."""
    kept = home.files.frozen_details(details, drawn_on=False)
    return Faction(slug=slug, name=name, details=own_fields(kept, home.files.faction_fields))


def own_fields(doc: dict[str, Any], fields: tuple[OwnField, ...]) -> dict[str, Any]:
    """A document's own `fields`, each at its default where the document leaves it out (a list becomes a tuple:
    nothing may change a unit once built)."""
    return {f.name: _frozen(doc.get(f.name, f.when_missing)) for f in fields}


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
