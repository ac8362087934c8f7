"""Checks every game shares: the points limit, option groups and an empty list."""
from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Callable, Iterator

from .bans import BAN_CHECKS
from .game import Check, GameRules, Tally, no_groups, one_copy
from .model import Army, Entry, Unit
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


NUMBERS = {2: "two", 3: "three"}  # copies of a unit, as a message says them


def option_group(army: Army, params: GameParams, tally: Tally, copies: Callable[[Entry], int] = one_copy,
                 per_copy_groups: Callable[[Unit], frozenset[str]] = no_groups) -> Iterator[Violation]:
    """Each entry takes between `min` and `max` options from each of its unit's groups; an entry of several
    copies of its unit may take a per-copy group's `max` once for each (its game's rules say: `GameRules`)."""
    per_copy: dict[int, frozenset[str]] = {}  # by unit, worked out once per unit
    for entry in army.entries:
        if not entry.unit.option_groups:
            continue
        taken = Counter(o.group for o in entry.options if o.group)
        n = copies(entry)
        if n > 1 and id(entry.unit) not in per_copy:
            per_copy[id(entry.unit)] = per_copy_groups(entry.unit)
        several = per_copy[id(entry.unit)] if n > 1 else frozenset()
        for group in entry.unit.option_groups:
            count = taken.get(group.slug, 0)
            most = group.max * n if group.slug in several else group.max
            if group.min <= count <= most:
                continue
            if group.min == most:
                wanted = f"exactly {most}"
            elif count < group.min:
                wanted = f"at least {group.min}"
            else:
                wanted = f"at most {most}"
            if most != group.max:
                wanted += f" ({group.max} for each of its {NUMBERS.get(n, n)} combined copies)"
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


def common_checks(rules: GameRules) -> tuple[Check, ...]:
    """The checks every game has, run before its own: the option groups' as its rules count an entry's copies."""
    return (empty_list, points_over_limit,
            partial(option_group, copies=rules.copies, per_copy_groups=rules.per_copy_groups), *BAN_CHECKS)
