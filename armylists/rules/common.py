"""Checks every game shares: the points limit and option groups."""
from __future__ import annotations

from collections import Counter
from typing import Iterator

from .game import Tally
from .model import Army
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


def option_group(army: Army, params: GameParams, tally: Tally) -> Iterator[Violation]:
    """Each entry takes between `min` and `max` options from each of its unit's groups."""
    for entry in army.entries:
        taken = Counter(o.group for o in entry.options if o.group)
        for group in entry.unit.option_groups:
            count = taken.get(group.slug, 0)
            if group.min <= count <= group.max:
                continue
            if group.min == group.max:
                wanted = f"exactly {group.min}"
            elif count < group.min:
                wanted = f"at least {group.min}"
            else:
                wanted = f"at most {group.max}"
            yield Violation(
                "option-group",
                f"{entry.label} takes {count} from \u201c{group.name}\u201d; it must take {wanted}",
                entries=(entry.id,),
                rule=f"{params.book}: Unit Options",
            )


COMMON_CHECKS = (points_over_limit, option_group)
