"""Units as a campaign buys them: from a faction's unit data, or copied from one of the player's lists.

A campaign unit keeps the points it was bought at (its base and the price of
every upgrade it may buy), so a campaign replays the same whatever happens to
the unit data later. Points come from the game's own cost function, the one
the list check uses: a combined AoF unit costs double, and so do its upgrades
for all models.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from armylists.checking.check import check_document
from armylists.checking.library import library_of
from armylists.games.base import Game
from armylists.rules.campaign.actions import NewUnit
from armylists.rules.campaign.model import Group, Offer, UnitSpec
from armylists.rules.model import Entry, Unit
from factions.models import GameSystem

from .models import NAME_MAX


def spec_of(home: Game, unit: Unit, own: Mapping[str, Any] | None = None) -> UnitSpec:
    """`unit` as a campaign buys it, taken as an entry with its game's (`home`) own fields `own` (combined, at a
    size: `Files.entry_variants`), the others at their defaults."""
    cost = home.rules.entry_cost
    entry = Entry(id="campaign", unit=unit, details=home.files.entry_details(own or {}))
    base = cost(entry)
    offers = tuple(Offer(o.slug, o.name, cost(replace(entry, options=(o,))) - base, o.group or None)
                   for o in unit.options)
    groups = tuple(Group(g.slug, g.max) for g in unit.option_groups)
    return UnitSpec(unit.slug, unit.faction, home.files.entry_title(entry), base, home.library.is_hero(unit.details),
                    offers, groups)


def recruit_spec(home: Game, unit: Unit) -> UnitSpec:
    """`unit` as a campaign recruits it: at its first size, where it has sizes."""
    sizes = home.library.sizes_of(unit.details)
    return spec_of(home, unit, home.files.taken_at(sizes[0][0] if sizes else None))


def unique_names(names: list[str]) -> list[str]:
    """"Infantrymen", "Infantrymen" -> "Infantrymen", "Infantrymen 2": every unit needs its own name."""
    seen: set[str] = set()
    result = []
    for name in names:
        candidate, number = name[:NAME_MAX], 1
        while candidate.casefold() in seen:
            number += 1
            suffix = f" {number}"
            candidate = name[:NAME_MAX - len(suffix)] + suffix
        seen.add(candidate.casefold())
        result.append(candidate)
    return result


def units_from_list(document: dict) -> tuple[str, list[NewUnit]]:
    """A copy of a list's entries as campaign units (the list itself is never changed).

    Raises `BadInput` when the list names unit data that no longer exists.
    """
    checked = check_document(document)
    army = checked.army
    entries = army.entries
    names = unique_names([e.label for e in entries])
    units = [NewUnit(name, spec_of(checked.library.home, e.unit, e.details),
                     tuple(o.slug for o in e.options)) for name, e in zip(names, entries, strict=True)]
    return army.faction, units


def faction_units(game: GameSystem, faction: str) -> list[Unit]:
    """Every unit of a faction, in the faction's order, for recruiting."""
    source = library_of(game).factions.get(faction)
    if source is None:
        return []
    return [source.unit(slug) for slug in source.unit_docs]
