"""Checks every game shares: the points limit, option groups and an empty list."""
from __future__ import annotations

from collections import Counter
from typing import Iterator

from .game import Tally
from .model import Army, Entry, OptionGroup
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
            rule=f"{params.book}: Points Limit",
        )


def most_of_group(entry: Entry, group: OptionGroup) -> int:
    """The group's `max`, doubled on a combined unit when each copy may take it.

    A combined unit is two copies of one unit (AoF Regiments: Combined Units), so
    a per-model choice such as "replace one rifle" may be taken once per copy;
    upgrades for all models and command upgrades stay one per unit (Command Groups).
    """
    if not entry.combined:
        return group.max
    members = [o for o in entry.unit.options if o.group == group.slug]
    per_copy = members and all(o.scope == "model" and not o.command for o in members)
    return group.max * 2 if per_copy else group.max


def option_group(army: Army, params: GameParams, tally: Tally) -> Iterator[Violation]:
    """Each entry takes between `min` and `max` options from each of its unit's groups."""
    for entry in army.entries:
        if not entry.unit.option_groups:
            continue
        taken = Counter(o.group for o in entry.options if o.group)
        for group in entry.unit.option_groups:
            count, most = taken.get(group.slug, 0), most_of_group(entry, group)
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
                rule=f"{params.book}: Unit Options",
            )


def empty_list(army: Army, params: GameParams, tally: Tally) -> Iterator[Violation]:
    """A list needs at least one entry (FORMATS: `empty-list`, in every game)."""
    if not army.entries:
        yield Violation("empty-list", "the list has no entries; add at least one unit",
                        rule=f"{params.book}: {params.army_section}")


COMMON_CHECKS = (empty_list, points_over_limit, option_group)
