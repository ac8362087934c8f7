"""OPR: what an entry carries after its options, and options that replace the same weapon twice.

An option that replaces a weapon names it as the army book does ("Replace all Hand Weapons" on a unit
carrying "Hand Weapon"), so names are compared without a plural "s" or a "2x " in front. An option
replaces `count` of the weapon each time it is taken, or every one the unit carries (docs/faction-file.md,
"Weapons and what options replace").
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from armylists.rules.game import Tally
from armylists.rules.model import Army, Entry, Option
from armylists.rules.report import Violation
from armylists.rules.text import listing

from .force import fault, models
from .numbers import OprParams

_TIMES = re.compile(r"^\s*\d+\s*x\s+", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon as its profile prints it; `count` is how many the unit (or one option) has."""

    name: str
    count: int = 1
    range: int | None = None
    attacks: int | None = None
    rules: tuple[str, ...] = ()


def weapons_from(details: Mapping[str, Any]) -> tuple[Weapon, ...]:
    """A unit's or an option's own field `weapons`, as its faction file writes both (format 1.2)."""
    return tuple(Weapon(w["name"], w.get("count", 1), w.get("range"), w.get("attacks"), tuple(w.get("rules", ())))
                 for w in details.get("weapons", ()))


def weapon_key(name: str) -> str:
    """"2x Hand Weapons" and "Hand Weapon" are the same weapon."""
    key = _TIMES.sub("", name).strip().lower()
    return key[:-1] if key.endswith("s") and not key.endswith("ss") else key


def replaced_by(option: Option) -> tuple[tuple[str, int | None], ...]:
    """What an option replaces, as its faction file writes it: (weapon, how many; None for all of them)."""
    return tuple((r["weapon"], r.get("count")) for r in option.replaces)


def _gained(option: Option, entry: Entry, replaced: int) -> list[Weapon]:
    """The option's weapons as the entry carries them: one set per model it is bought for."""
    weapons = weapons_from(option.details)
    if option.scope == "all_models":
        per = replaced or models(entry)
        return [replace(w, count=w.count * per) for w in weapons]
    return list(weapons)


def carried(entry: Entry) -> list[Weapon]:
    """The entry's weapons after its options, in order: the unit's (twice over when combined), less what
    its options replace, and what they give."""
    factor = 2 if entry.combined else 1
    weapons = [replace(w, count=w.count * factor) for w in weapons_from(entry.unit.details)]
    for option in entry.options:
        replaced = 0
        for target, count in replaced_by(option):
            for i, w in enumerate(weapons):
                if weapon_key(w.name) == weapon_key(target) and w.count > 0:
                    taken = w.count if count is None else min(count, w.count)
                    weapons[i] = replace(w, count=w.count - taken)
                    replaced = max(replaced, taken)
                    break
        weapons += _gained(option, entry, replaced)
    return [w for w in weapons if w.count > 0]


def _replacements(entry: Entry) -> dict[str, list[tuple[Option, int | None]]]:
    """Weapon key -> each option taken that replaces it, with how many it replaces."""
    found: dict[str, list[tuple[Option, int | None]]] = {}
    for option in entry.options:
        for target, count in replaced_by(option):
            found.setdefault(weapon_key(target), []).append((option, count))
    return found


def _weapon_name(entry: Entry, key: str, taken: list[tuple[Option, int | None]]) -> str:
    """How a message names the weapon: as the unit's profile does, else as the first option does."""
    for w in weapons_from(entry.unit.details):
        if weapon_key(w.name) == key:
            return w.name
    return next(t for o, _ in taken for t, _ in replaced_by(o) if weapon_key(t) == key)


def _over(entry: Entry, key: str, taken: list[tuple[Option, int | None]]) -> bool:
    """Whether the options replace more of the weapon than the entry has to replace."""
    if len(taken) < 2:
        return False
    if any(count is None for _, count in taken):
        return True
    carried_count = sum(w.count for w in weapons_from(entry.unit.details) if weapon_key(w.name) == key)
    gained = sum(w.count for o in entry.options for w in weapons_from(o.details) if weapon_key(w.name) == key)
    have = carried_count * (2 if entry.combined else 1) + gained
    return have > 0 and sum(count or 0 for _, count in taken) > have


def weapon_replaced_twice(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """An entry's options may not replace one weapon more times than the unit has it: two options that
    each replace the Hand Weapons cannot both be taken (the unit's army book: its upgrades)."""
    for entry in army.entries:
        for key, taken in _replacements(entry).items():
            if _over(entry, key, taken):
                counted = Counter(o.name for o, _ in taken)
                names = listing(f"{name} ({n} times)" if n > 1 else name for name, n in counted.items())
                yield fault("weapon-replaced-twice",
                            f"{entry.label} takes {names}, which replace its {_weapon_name(entry, key, taken)} "
                            f"more often than it carries it; a weapon is replaced only once", params,
                            "Unit Options", (entry.id,), scope="entries")
