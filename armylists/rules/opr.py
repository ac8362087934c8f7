"""The list rules both One Page Rules games share (AoF Regiments and AoF Skirmish).

Every number comes from `OprParams`, so one set of checks serves both books and
an event can override any limit. Each check is a generator named after the
violation code it reports (FORMATS.md, "Violation codes", OPR table).
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Iterable, Iterator

from .game import Tally, per
from .model import Army, Entry
from .params import OprParams
from .report import Figure, Violation

# --- helpers -----------------------------------------------------------------


def fault(code: str, message: str, params: OprParams, section: str,
          entries: Iterable[str] = ()) -> Violation:
    return Violation(code, message, entries=tuple(entries), rule=f"{params.book}: {section}")


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"


def share(limit: int, percent: int) -> str:
    """`percent`% of `limit` as a player reads it: 525, 262.5."""
    value = Fraction(limit * percent, 100)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def in_order(army: Army, ids: Iterable[str]) -> tuple[str, ...]:
    """The given entry ids in list order, each once."""
    wanted = set(ids)
    return tuple(e.id for e in army.entries if e.id in wanted)


def models(entry: Entry) -> int:
    """The entry's models: a combined unit has both halves' models."""
    return entry.unit.models * (2 if entry.combined else 1)


def is_joined(entry: Entry, params: OprParams) -> bool:
    """A hero deployed as part of another unit, so not a unit of its own.

    Decision (the spec only says "a joined hero"): a hero with `joined_to` set
    counts as joined even if the join is invalid, since `invalid-join` already
    reports that. Where heroes may not join (Skirmish) a hero is its own unit.
    """
    return params.heroes_may_join and entry.unit.hero and entry.joined_to is not None


def copy_key(entry: Entry) -> tuple[str, str]:
    """"The same unit" is the same unit of the same faction, whatever its options."""
    return (entry.unit.faction, entry.unit.slug)


def heroes(army: Army) -> list[Entry]:
    return [e for e in army.entries if e.unit.hero]


def counted_units(army: Army, params: OprParams) -> list[Entry]:
    return [e for e in army.entries if not is_joined(e, params)]


def force_org_applies(army: Army) -> bool:
    # Without a points limit there is nothing to count "per N points" from;
    # the list-file boundary requires one for OPR games.
    return army.force_organisation and army.points_limit is not None


def unit_cost_cap(army: Army, params: OprParams) -> int:
    """The highest legal integer cost of one entry (`cost * 100 <= percent * G`)."""
    return (army.points_limit or 0) * params.max_unit_percent // 100


def max_copies(army: Army, params: OprParams) -> int:
    return 1 + per(army.points_limit, params.copies_per)


def over_limit(code: str, army: Army, params: OprParams, counted: str, most: int,
               basis: str, entries: Iterable[str]) -> Violation:
    return fault(code, f"{counted}; at most {most} at {army.points_limit} points ({basis})",
                 params, "Force Organisation", entries)


# --- force organisation (only when the list asks for it) ----------------------


def too_many_heroes(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """Only one hero per `hero_per` points of the limit, joined to a unit or not."""
    most = per(army.points_limit, params.hero_per)
    if force_org_applies(army) and len(found := heroes(army)) > most:
        yield over_limit("too-many-heroes", army, params, plural(len(found), "hero", "heroes"),
                         most, f"1 per {params.hero_per}", (e.id for e in found))


def too_many_copies(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """Only 1 + one per `copies_per` points entries of one unit; a combined entry counts once."""
    if not force_org_applies(army):
        return
    most = max_copies(army, params)
    for key, count in Counter(copy_key(e) for e in army.entries).items():
        if count > most:
            same = [e for e in army.entries if copy_key(e) == key]
            yield over_limit("too-many-copies", army, params,
                             f"{count} copies of {same[0].unit.name}", most,
                             f"1 + 1 per {params.copies_per}; a combined unit counts once",
                             (e.id for e in same))


def unit_too_expensive(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """No single entry may cost over `max_unit_percent`% of the limit; a joined hero on its own."""
    if not force_org_applies(army):
        return
    limit, percent = army.points_limit, params.max_unit_percent
    for e in army.entries:
        if (cost := tally.entry_points[e.id]) * 100 > percent * limit:
            yield fault("unit-too-expensive",
                        f"{e.label} costs {cost} points; no unit may cost over "
                        f"{share(limit, percent)} ({percent}% of {limit})",
                        params, "Force Organisation", (e.id,))


def too_many_units(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """Only one unit per `unit_per` points; a combined entry is one unit, a joined hero none."""
    most = per(army.points_limit, params.unit_per)
    if force_org_applies(army) and len(units := counted_units(army, params)) > most:
        yield over_limit("too-many-units", army, params, plural(len(units), "unit"), most,
                         f"1 per {params.unit_per}", (e.id for e in units))


def too_many_models(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """Only one model per `model_per` points (Skirmish); combined units count both halves."""
    if not force_org_applies(army) or params.model_per is None:
        return
    total, most = sum(models(e) for e in army.entries), per(army.points_limit, params.model_per)
    if total > most:
        yield over_limit("too-many-models", army, params, plural(total, "model"), most,
                         f"1 per {params.model_per}", (e.id for e in army.entries))


# --- always, force organisation or not ------------------------------------------


def command_group(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """Each unit has at most one of each command upgrade, even combined ("unit" scope),
    or the whole army has at most one command-group upgrade ("army" scope)."""
    if params.command_group_scope == "army":
        taken = [(e, o) for e in army.entries for o in e.options if o.command]
        if len(taken) > 1:
            names = ", ".join(f"{o.command} on {e.label}" for e, o in taken)
            yield fault("command-group", f"{len(taken)} command-group upgrades in the army "
                        f"({names}); an army may have only one", params, "Command Groups",
                        in_order(army, (e.id for e, _ in taken)))
        return
    # "unit" scope: a combined entry is one unit; a joined hero is an entry of its
    # own, so its command upgrades are not added to its host's.
    for e in army.entries:
        counts = Counter(o.command for o in e.options if o.command)
        if doubled := [f"{n} {c}s" for c, n in counts.items() if n > 1]:
            yield fault("command-group", f"{e.label} has {' and '.join(doubled)}; a unit may "
                        f"have only one of each command upgrade, even when combined",
                        params, "Command Groups", (e.id,))


def invalid_combine(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """Only a multi-model unit that is not a hero may be combined."""
    # Skirmish only mentions combined units (L178); the contract lets both books
    # combine, under the same rule and the same section name.
    for e in army.entries:
        why = "is a hero" if e.unit.hero else "has a single model" if e.unit.models <= 1 else None
        if e.combined and why:
            yield fault("invalid-combine", f"{e.label} {why} and cannot be combined; only "
                        f"units of several models combine", params, "Combined Units", (e.id,))


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
    if (tough := e.unit.tough) is not None and tough > params.join_max_tough:
        yield (f"{e.label} has Tough({tough}); only heroes up to Tough({params.join_max_tough})"
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
    if army.mixed_armies == "tournament" and target.faction != e.faction:
        yield (f"{e.label} ({e.faction}) cannot join {target.label} ({target.faction}): in "
               f"mixed armies heroes only join units of their own faction"), \
            "Tournament Guidelines", (target,)


def invalid_join(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """Only a hero up to Tough(`join_max_tough`) joins one multi-model, non-hero unit no other
    hero has joined (of its own faction in tournament mixed armies; never in Skirmish)."""
    claimed: dict[str, Entry] = {}
    for e in army.entries:
        if e.joined_to is not None:
            for reason, section, others in join_problems(army, params, e, claimed):
                ids = [e.id, *(o.id for o in others if o is not None)]
                yield fault("invalid-join", reason, params, section, in_order(army, ids))


# --- tournament mixed armies (only when the list asks for them) -------------------
# The spec applies `mixed_armies` to both OPR games, so Skirmish borrows the
# Regiments tournament guidelines; violations still name the list's own book.


def too_many_factions(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """A tournament mixed army has entries from at most `mixed_max_factions` factions."""
    factions = list(dict.fromkeys(e.faction for e in army.entries))
    if army.mixed_armies == "tournament" and len(factions) > params.mixed_max_factions:
        # The entries concerned are those outside the primary faction.
        yield fault("too-many-factions", f"entries from {len(factions)} factions "
                    f"({', '.join(factions)}); a mixed army may use at most "
                    f"{params.mixed_max_factions}", params, "Tournament Guidelines",
                    (e.id for e in army.entries if e.faction != army.faction))


def primary_under_60(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """In a tournament mixed army the primary faction's entries cost at least
    `mixed_primary_percent`% of the limit (not of the points spent)."""
    if army.mixed_armies != "tournament" or army.points_limit is None:
        return
    # As the contract words it, this applies to every tournament list, even one of a
    # single faction; a joined hero counts towards its own faction.
    limit, percent = army.points_limit, params.mixed_primary_percent
    primary = sum(tally.entry_points[e.id] for e in army.entries if e.faction == army.faction)
    if primary * 100 < percent * limit:
        yield fault("primary-under-60", f"the primary faction ({army.faction}) costs {primary}"
                    f" points; it must cost at least {share(limit, percent)} ({percent}% of "
                    f"{limit})", params, "Tournament Guidelines")


# --- what the builder shows -----------------------------------------------------


def figures(army: Army, params: OprParams, tally: Tally) -> tuple[Figure, ...]:
    """Force organisation counts against their limits; none when it is off."""
    if not force_org_applies(army):
        return ()
    limit = army.points_limit
    shown = [Figure("Heroes", len(heroes(army)), per(limit, params.hero_per)),
             Figure("Units", len(counted_units(army, params)), per(limit, params.unit_per))]
    if params.model_per is not None:
        shown.append(Figure("Models", sum(models(e) for e in army.entries),
                            per(limit, params.model_per)))
    copies = Counter(copy_key(e) for e in army.entries)
    return (*shown,
            Figure("Most expensive unit", max(tally.entry_points.values(), default=0),
                   unit_cost_cap(army, params)),
            Figure("Most copies of one unit", max(copies.values(), default=0),
                   max_copies(army, params)))


FORCE_ORGANISATION = (too_many_heroes, too_many_copies, unit_too_expensive, too_many_units)
ALWAYS = (command_group, invalid_combine, invalid_join)
MIXED_ARMIES = (too_many_factions, primary_under_60)
