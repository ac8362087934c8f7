"""OPR rules on a unit's make-up that apply always, force organisation or not:
command groups, combined units and heroes joining units (docs/violations.md, "AoF Regiments and AoF Skirmish")."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from armylists.rules.game import Tally
from armylists.rules.model import Army, Entry, Unit
from armylists.rules.report import Violation
from armylists.rules.text import listing, plural

from .force import deployed_units, fault, mixed_mode, unit_label
from .numbers import OprParams
from .weapons import weapon_replaced_twice

TOUGH = re.compile(r"^\s*Tough\s*\(\s*\+?(\d+)\s*\)\s*$", re.IGNORECASE)


def tough(unit: Unit) -> int | None:
    """The X of a unit's Tough(X), its Tough rules added up (rules with (X) stack: AoF Regiments, Special Rules);
    None for a unit without one."""
    values = [int(m.group(1)) for r in unit.rules if (m := TOUGH.match(r))]
    return sum(values) if values else None


def _army_command_group(army: Army, params: OprParams) -> Iterator[Violation]:
    taken = [(e, o) for e in army.entries for o in e.options if o.command]
    if len(taken) > 1:
        names = ", ".join(f"{o.name} on {e.label}" for e, o in taken)
        yield fault("command-group", f"{len(taken)} command group upgrades in the army "
                    f"({names}); an army may have only one", params, "Command Groups",
                    army.in_order(e.id for e, _ in taken), scope="entries")


def command_group(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """Each unit has at most one of each command upgrade, even combined, and a joined hero's
    upgrades are its unit's ("unit" scope: AoF Regiments, Command Groups and Heroes), or the
    whole army has at most one command group upgrade ("army" scope: AoF Skirmish)."""
    if params.command_group_scope == "army":
        yield from _army_command_group(army, params)
        return
    for members in deployed_units(army, params):
        counts = Counter(o.command for m in members for o in m.options if o.command)
        doubled = {c for c, n in counts.items() if n > 1}
        if not doubled:
            continue
        words = listing(plural(counts[c], c) for c in counts if c in doubled)
        carriers = (m.id for m in members if any(o.command in doubled for o in m.options))
        joined = " or joined by a hero" if len(members) > 1 else ""
        yield fault("command-group", f"{unit_label(members)} has {words}; a unit may have only "
                    f"one of each command upgrade, even when combined{joined}",
                    params, "Command Groups", army.in_order(carriers), scope="entries")


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


def combined_copies(entry: Entry) -> int:
    """A combined entry is two copies of its unit, taking a per-copy group's choice once for each (the engine's
    `option-group` check, `GameRules.copies`)."""
    return 2 if entry.combined else 1


def invalid_combine(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """Only a multi-model unit that is not a hero may be combined."""
    # Skirmish only mentions combined units (AoF Skirmish, Force Organisation); the contract lets both books
    # combine, under the same rule and the same section name.
    for e in army.entries:
        why = "is a hero" if e.unit.hero else "has a single model" if e.unit.models <= 1 else None
        if e.combined and why:
            yield fault("invalid-combine", f"{e.label} {why} and cannot be combined; only "
                        f"units of several models combine", params, "Combined Units", (e.id,), scope="entries")


def join_problems(army: Army, params: OprParams, e: Entry, claimed: dict[str, Entry]):
    """Why `e`'s join is not allowed, as (reason, section, other entries concerned)."""
    target = army.entry(e.joined_to)
    if not params.heroes_may_join:
        yield (f"{e.label} cannot join another unit; {params.book} has no joining, every unit "
               f"fights on its own"), "Heroes", (target,)
        return
    if not e.unit.hero:
        yield f"{e.label} is not a hero; only heroes may join a unit", "Heroes", (target,)
        return
    if (value := tough(e.unit)) is not None and value > params.join_max_tough:
        yield (f"{e.label} has Tough({value}); only heroes up to Tough({params.join_max_tough})"
               f" may join a unit"), "Heroes", (target,)
    if target is None:
        # The boundary normally refuses unknown ids; the engine still must not crash.
        yield f"{e.label} joins '{e.joined_to}', which is not an entry of this list", "Heroes", ()
        return
    if target.unit.hero:
        yield (f"{e.label} cannot join {target.label}: heroes only join units that are not "
               f"heroes"), "Heroes", (target,)
    elif target.unit.models <= 1:
        yield (f"{e.label} cannot join {target.label}: a hero only joins a unit of several "
               f"models"), "Heroes", (target,)
    # Decision: the first hero in list order to join a unit keeps it; later ones are flagged.
    if (first := claimed.setdefault(target.id, e)) is not e:
        yield (f"{e.label} cannot join {target.label}: {first.label} has already joined it; "
               f"a unit takes one hero"), "Heroes", (target, first)
    if mixed_mode(army, params) == "tournament" and target.faction != e.faction:
        yield (f"{e.label} ({army.faction_name(e.faction)}) cannot join {target.label} "
               f"({army.faction_name(target.faction)}): in mixed armies heroes only join units "
               f"of their own faction"), "Tournament Guidelines", (target,)


def invalid_join(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """Only a hero up to Tough(`join_max_tough`) joins one multi-model, non-hero unit no other
    hero has joined (of its own faction in tournament mixed armies; never in Skirmish)."""
    claimed: dict[str, Entry] = {}
    for e in army.entries:
        if e.joined_to is not None:
            for reason, section, others in join_problems(army, params, e, claimed):
                ids = [e.id, *(o.id for o in others if o is not None)]
                yield fault("invalid-join", reason, params, section, army.in_order(ids), scope="entries")


ALWAYS = (command_group, invalid_combine, invalid_join, weapon_replaced_twice)
