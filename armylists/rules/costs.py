"""Points arithmetic for every game, computed from the unit data each time."""
from __future__ import annotations

from .model import Entry


def opr_entry_cost(entry: Entry) -> int:
    """A unit's cost, doubled when combined, plus its options.

    An option bought for all models is bought for both halves of a combined unit
    (AoF Regiments: Combined Units), so it is doubled too.
    """
    factor = 2 if entry.combined else 1
    options = sum(o.cost * (factor if o.scope == "all_models" else 1) for o in entry.options)
    return entry.unit.cost * factor + options


def flat_entry_cost(entry: Entry) -> int:
    """Battleground: the printed cost plus any options."""
    return entry.unit.cost + sum(o.cost for o in entry.options)


def sized_entry_cost(entry: Entry) -> int:
    """Dulce Bellum: the points of the size taken plus the options."""
    profile = entry.unit.size_profile(entry.size)
    return (profile.points if profile else 0) + sum(o.cost for o in entry.options)


def recruitment_cost(entry: Entry) -> int:
    """Diskwars: what a troop costs its hero's recruitment points (heroes cost nothing)."""
    return entry.unit.recruitment_cost if entry.unit.kind == "troop" else 0
