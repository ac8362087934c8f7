"""The list rules both One Page Rules games share (AoF Regiments and AoF Skirmish).

Every number comes from `OprParams`, so one set of checks serves both books and
an event can override any limit. Each check is a generator named after the
violation code it reports (docs/violations.md, "AoF Regiments and AoF Skirmish"). This
module holds the shared helpers, the optional force organisation and the
figures; `units` has the rules that always apply to a unit's make-up and
`mixing` the rules on which factions a list draws from.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator

from armylists.rules.game import Tally, per
from armylists.rules.model import Army, Entry
from armylists.rules.report import Figure, Scope, Violation
from armylists.rules.text import distinct, listing, plural, share

from .numbers import OprParams

# --- helpers -----------------------------------------------------------------


def opr_entry_cost(entry: Entry) -> int:
    """A unit's cost, doubled when combined, plus its options.

    An option bought for all models is bought for both halves of a combined unit
    (AoF Regiments: Combined Units), so it is doubled too.
    """
    factor = 2 if entry.combined else 1
    options = sum(o.cost * (factor if o.scope == "all_models" else 1) for o in entry.options)
    return entry.unit.cost * factor + options


def fault(code: str, message: str, params: OprParams, section: str,
          entries: Iterable[str] = (), *, scope: Scope) -> Violation:
    return Violation(code, message, entries=tuple(entries), rule=f"{params.book}: {section}", scope=scope)


def models(entry: Entry) -> int:
    """The entry's models: a combined unit has both halves' models."""
    return entry.unit.models * (2 if entry.combined else 1)


def is_joined(entry: Entry, params: OprParams) -> bool:
    """A hero deployed as part of another unit, so not a unit of its own.

    Decision (docs/violations.md, `too-many-units`, only says "a joined hero"): a hero with `joined_to` set
    counts as joined even if the join is invalid, since `invalid-join` already
    reports that. Where heroes may not join (Skirmish) a hero is its own unit.
    """
    return params.heroes_may_join and entry.unit.hero and entry.joined_to is not None


def host_of(army: Army, entry: Entry, params: OprParams) -> Entry | None:
    """The entry a joined hero deploys in, when there is one to deploy in.

    A join onto an unknown id, onto itself or onto a hero that has itself joined
    a unit makes no bigger unit: that hero is judged alone (and `invalid-join`
    says why the join is wrong).
    """
    if not is_joined(entry, params):
        return None
    target = army.entry(entry.joined_to)
    if target is None or target is entry or is_joined(target, params):
        return None
    return target


def deployed_units(army: Army, params: OprParams) -> list[list[Entry]]:
    """The units as they deploy: each entry that joined nothing, followed by the heroes
    that joined it (AoF Regiments: Heroes, "they count as part of that unit"), in list order."""
    joined: dict[str, list[Entry]] = defaultdict(list)
    alone: list[Entry] = []
    for e in army.entries:
        host = host_of(army, e, params)
        if host is None:
            alone.append(e)
        else:
            joined[host.id].append(e)
    return [[e, *joined.get(e.id, ())] for e in alone]


def unit_label(members: list[Entry]) -> str:
    """"Infantrymen", or "Infantrymen with Captain" for a unit a hero has joined."""
    host, *heroes = members
    return f"{host.label} with {listing(h.label for h in heroes)}" if heroes else host.label


def priced_units(army: Army, params: OprParams) -> list[list[Entry]]:
    """What the 35% share is judged on: a unit with its joined heroes, or, with the
    game setting `joined_hero_in_unit_cost` off, every entry on its own."""
    if params.joined_hero_in_unit_cost:
        return deployed_units(army, params)
    return [[e] for e in army.entries]


def copy_key(entry: Entry) -> tuple[str, str]:
    """"The same unit" is the same unit of the same faction, whatever its options; two sizes
    of one unit (`copies_of`) are the same unit."""
    return (entry.unit.faction, entry.unit.copies_of or entry.unit.slug)


def copies(army: Army) -> dict[tuple[str, str], list[Entry]]:
    """Entries grouped by `copy_key`, each group in list order."""
    found: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for e in army.entries:
        found[copy_key(e)].append(e)
    return found


def heroes(army: Army) -> list[Entry]:
    return [e for e in army.entries if e.unit.hero]


def counted_units(army: Army, params: OprParams) -> list[Entry]:
    return [e for e in army.entries if not is_joined(e, params)]


def mixed_mode(army: Army, params: OprParams) -> str:
    """The list's `mixed_armies`, or the game's default when the list does not say."""
    return army.mixed_armies or params.default_mixed_armies


def force_org_applies(army: Army) -> bool:
    # Without a points limit there is nothing to count "per N points" from;
    # the list-file boundary requires one for OPR games.
    return army.force_organisation and army.points_limit is not None


def unit_cost_cap(army: Army, params: OprParams) -> int:
    """The highest legal integer cost of one unit (`cost * 100 <= percent * G`)."""
    return (army.points_limit or 0) * params.max_unit_percent // 100


def max_copies(army: Army, params: OprParams) -> int:
    return 1 + per(army.points_limit, params.copies_per)


def over_limit(code: str, army: Army, params: OprParams, counted: str, most: int,
               basis: str, entries: Iterable[str]) -> Violation:
    return fault(code, f"{counted}; at most {most} at {army.points_limit} points ({basis})",
                 params, "Force Organisation", entries, scope="list")


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
    for same in copies(army).values():
        if len(same) > most:
            names = listing(distinct(e.unit.name for e in same), "or")
            yield over_limit("too-many-copies", army, params,
                             f"{len(same)} copies of {names}", most,
                             f"1 + 1 per {params.copies_per}; a combined unit counts once",
                             (e.id for e in same))


def unit_too_expensive(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """No single unit may cost over `max_unit_percent`% of the limit; a hero that joined a
    unit is part of it (AoF Regiments: Heroes), unless `joined_hero_in_unit_cost` is off."""
    if not force_org_applies(army):
        return
    limit, percent = army.points_limit, params.max_unit_percent
    for members in priced_units(army, params):
        cost = sum(tally.entry_points[m.id] for m in members)
        if cost * 100 > percent * limit:
            yield fault("unit-too-expensive",
                        f"{unit_label(members)} costs {cost} points; no unit may cost over "
                        f"{share(limit, percent)} ({percent}% of {limit})",
                        params, "Force Organisation", army.in_order(m.id for m in members), scope="entries")


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
    costs = (sum(tally.entry_points[m.id] for m in u) for u in priced_units(army, params))
    return (*shown,
            Figure("Most expensive unit", max(costs, default=0), unit_cost_cap(army, params)),
            Figure("Most copies of one unit", max(map(len, copies(army).values()), default=0),
                   max_copies(army, params)))


FORCE_ORGANISATION = (too_many_heroes, too_many_copies, unit_too_expensive, too_many_units)
