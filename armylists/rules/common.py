"""Checks every game shares: the points limit, option groups and an empty list."""
from __future__ import annotations

from collections import Counter
from typing import Iterator

from .bans import BAN_CHECKS
from .game import Tally
from .model import Army, Unit
from .params import GameParams
from .report import Violation


def points_over_limit(army: Army, params: GameParams, tally: Tally) -> Iterator[Violation]:
    """The list's points may equal the limit but not go over it."""
    if tally.points is None or army.points_limit is None:
        return
    if tally.points > army.points_limit:
        yield Violation(
            "points-over-limit",
            f"{tally.points} points is over the {army.points_limit} point limit",
            rule=f"{params.book}: Points Limit", scope="list",
        )


def per_copy_groups(unit: Unit) -> frozenset[str]:
    """The unit's option groups whose options are all per model and none a command upgrade.

    A combined unit is two copies of one unit (AoF Regiments: Combined Units), so
    such a choice ("replace one rifle") may be taken once per copy; upgrades for
    all models and command upgrades stay one per unit (Command Groups).
    """
    per_copy: set[str] = set()
    other: set[str] = set()
    for o in unit.options:
        if o.group:
            (per_copy if o.scope == "model" and not o.command else other).add(o.group)
    return frozenset(per_copy - other)


def option_group(army: Army, params: GameParams, tally: Tally) -> Iterator[Violation]:
    """Each entry takes between `min` and `max` options from each of its unit's groups; a
    combined entry may take a per-copy group's `max` twice."""
    doubled: dict[int, frozenset[str]] = {}  # by unit, worked out once per unit
    for entry in army.entries:
        if not entry.unit.option_groups:
            continue
        taken = Counter(o.group for o in entry.options if o.group)
        if entry.combined and id(entry.unit) not in doubled:
            doubled[id(entry.unit)] = per_copy_groups(entry.unit)
        twice = doubled[id(entry.unit)] if entry.combined else frozenset()
        for group in entry.unit.option_groups:
            count = taken.get(group.slug, 0)
            most = group.max * 2 if group.slug in twice else group.max
            if group.min <= count <= most:
                continue
            if group.min == most:
                wanted = f"exactly {most}"
            elif count < group.min:
                wanted = f"at least {group.min}"
            else:
                wanted = f"at most {most}"
            if most != group.max:
                wanted += f" ({group.max} for each of its two combined copies)"
            yield Violation(
                "option-group",
                f"{entry.label} takes {count} from \u201c{group.name}\u201d; it must take {wanted}",
                entries=(entry.id,),
                rule=f"{params.book}: Unit Options", scope="entries",
            )


def empty_list(army: Army, params: GameParams, tally: Tally) -> Iterator[Violation]:
    """A list needs at least one entry (docs/violations.md, "Every game": `empty-list`)."""
    if not army.entries:
        yield Violation("empty-list", "the list has no entries; add at least one unit",
                        rule=f"{params.book}: {params.army_section}", scope="list")


def entries_of_other_factions(army: Army, params: GameParams) -> Iterator[Violation]:
    """`wrong-faction` for each entry that is not of the list's faction."""
    own = army.faction_name(army.faction)
    for e in army.entries:
        if e.faction != army.faction:
            yield Violation("wrong-faction", f"{e.label} is from {army.faction_name(e.faction)}; "
                            f"a {own} army takes only its own units", entries=(e.id,),
                            rule=f"{params.book}: {params.army_section}", scope="entries")


COMMON_CHECKS = (empty_list, points_over_limit, option_group, *BAN_CHECKS)
