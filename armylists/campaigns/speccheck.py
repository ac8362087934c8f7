"""A campaign file's unit specs checked against the faction library at import.

A unit keeps the points it was bought at (`specs`), so a hand-edited file
could make units cheaper than any faction sells them. Each spec of a
`start-army`, `recruit` or `add-unit` must be one the library gives for its
unit (as it is, combined, or at one of its sizes); one that differs is refused
naming its JSON path and what differs, unless the game master imports with
house rules, and then the differences are logged (docs/campaigns.md, "The
campaign file").
"""
from __future__ import annotations

from collections.abc import Iterator

from armylists.checking.library import library_of
from armylists.rules.campaign import Stored
from armylists.rules.campaign.actions import AddUnit, Recruit, StartArmy
from armylists.rules.campaign.model import UnitSpec
from factions.models import GameSystem

from .specs import spec_of


def _new_specs(index: int, stored: Stored) -> Iterator[tuple[str, UnitSpec]]:
    action = stored.action
    if isinstance(action, StartArmy):
        for number, unit in enumerate(action.units):
            yield f"actions[{index}].data.units[{number}].spec", unit.spec
    elif isinstance(action, (Recruit, AddUnit)):
        yield f"actions[{index}].data.unit.spec", action.unit.spec


def _differences(spec: UnitSpec, sold: UnitSpec) -> str:
    found = [f"base {spec.base} (the library's {sold.base})"] if spec.base != sold.base else []
    prices = {o.slug: o.price for o in sold.offers}
    for offer in spec.offers:
        if offer.slug not in prices:
            found.append(f"{offer.name} is not an upgrade of {sold.unit_name}")
        elif offer.price != prices[offer.slug]:
            found.append(f"{offer.name} at {offer.price} (the library's {prices[offer.slug]})")
    if {(g.slug, g.max) for g in spec.groups} != {(g.slug, g.max) for g in sold.groups}:
        found.append("its option groups differ")
    return "; ".join(found) or "its name, hero status or upgrades differ"


class _Library:
    def __init__(self, game: GameSystem):
        self.game, self.library, self.sold = game, library_of(game), {}

    def specs(self, faction: str, unit: str) -> list[UnitSpec]:
        if (faction, unit) not in self.sold:
            source = self.library.factions.get(faction)
            found = source.unit(unit) if source is not None and unit in source.unit_docs else None
            home = self.game.home
            variants = [] if found is None else [spec_of(home, found, own)
                                                 for own in home.files.entry_variants(found)]
            self.sold[(faction, unit)] = variants
        return self.sold[(faction, unit)]


def spec_faults(game: GameSystem, stored: list[Stored]) -> list[tuple[str, str]]:
    """(JSON path, what differs) for every unit spec the library does not give."""
    library, faults = _Library(game), []
    for index, record in enumerate(stored):
        for path, spec in _new_specs(index, record):
            sold = library.specs(spec.faction, spec.unit)
            if not sold:
                faults.append((path, f"{spec.faction} has no unit {spec.unit!r} in the library"))
            elif spec not in sold:
                closest = next((s for s in sold if s.unit_name == spec.unit_name), sold[0])
                faults.append((path, f"{spec.unit_name} differs from the library: {_differences(spec, closest)}"))
    return faults
