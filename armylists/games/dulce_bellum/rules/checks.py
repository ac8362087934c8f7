"""Dulce Bellum 0.1: building an army (rulebook: Building an Army; Special Rules: Banners, Musicians, & Champions).

An army is units of one faction, each taken at one of the sizes its profile
offers. Common units grant unlock points by size; uncommon and rare units spend
them, whatever their size. The pool is army-wide, so the order units are added
in does not matter. Spellcasters' grimoires and spells are checked in `spells`.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from armylists.rules.common import entries_of_other_factions
from armylists.rules.game import GameRules, Tally, sum_of_entries
from armylists.rules.model import Army, Entry
from armylists.rules.report import Figure, Violation

from . import spells
from .model import size_profile
from .numbers import DulceBellumParams


def sized_entry_cost(entry: Entry) -> int:
    """Dulce Bellum: the points of the size taken plus the options."""
    profile = size_profile(entry.unit, entry.size)
    return (profile.points if profile else 0) + sum(o.cost for o in entry.options)


def _rule(params: DulceBellumParams, section: str | None = None) -> str:
    return f"{params.book}: {section or params.army_section}"


def _granted(entry: Entry, params: DulceBellumParams) -> int:
    if entry.unit.rarity not in params.granting_rarities:
        return 0
    return params.unlocks_granted.get(entry.size or "", 0)


def _required(entry: Entry, params: DulceBellumParams) -> int:
    return params.unlocks_required.get(entry.unit.rarity or "", 0)


def unlocks(army: Army, params: DulceBellumParams) -> tuple[int, int]:
    """(required, granted) unlock points over the whole army.

    Every entry counts, even one already flagged `wrong-faction`: each check
    judges the list as written, so fixing one rule never hides another.
    """
    return (sum(_required(e, params) for e in army.entries),
            sum(_granted(e, params) for e in army.entries))


def wrong_faction(army: Army, params: DulceBellumParams, tally: Tally) -> Iterator[Violation]:
    """Every unit comes from the list's faction (Dulce Bellum, Building an Army)."""
    yield from entries_of_other_factions(army, params)


def not_enough_unlocks(army: Army, params: DulceBellumParams, tally: Tally) -> Iterator[Violation]:
    """The unlock points uncommon and rare units require may not exceed those common units grant."""
    required, granted = unlocks(army, params)
    if required <= granted:
        return
    yield Violation(
        "not-enough-unlocks",
        f"uncommon and rare units need {required} unlock points; "
        f"common units grant only {granted}",
        entries=tuple(e.id for e in army.entries if _required(e, params)),
        rule=_rule(params), scope="list",
    )


def over_unit_limit(army: Army, params: DulceBellumParams, tally: Tally) -> Iterator[Violation]:
    """A unit with Limit: n is taken at most n times, whatever sizes the copies are (Dulce Bellum, Building an Army)."""
    copies: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for e in army.entries:
        if e.unit.limit is not None:
            copies[(e.faction, e.unit.slug)].append(e)
    for taken in copies.values():
        limit = taken[0].unit.limit
        if len(taken) > limit:
            yield Violation(
                "over-unit-limit",
                f"{len(taken)} {taken[0].unit.name}; the unit's limit is {limit}",
                entries=tuple(e.id for e in taken),
                rule=_rule(params), scope="list",
            )


def option_repeated(army: Army, params: DulceBellumParams, tally: Tally) -> Iterator[Violation]:
    """Each upgrade is taken at most once per unit (Dulce Bellum, Special Rules: Banners, Musicians, & Champions)."""
    for e in army.entries:
        counts, names = Counter(o.slug for o in e.options), {o.slug: o.name for o in e.options}
        for slug, n in counts.items():
            if n > 1:
                name = names[slug]
                yield Violation(
                    "option-repeated",
                    f"{e.label} takes {name} {n} times; each upgrade at most once per unit",
                    entries=(e.id,),
                    rule=_rule(params, "Banners, Musicians, & Champions"), scope="entries",
                )


def unusual_points_limit(army: Army, params: DulceBellumParams,
                         tally: Tally) -> Iterator[Violation]:
    """Warning: standard armies are between `usual_min` and `usual_max` points (Dulce Bellum, Building an Army)."""
    limit = army.points_limit
    if limit is None or params.usual_min <= limit <= params.usual_max:
        return
    yield Violation(
        "unusual-points-limit",
        f"a {limit} point limit is outside the usual {params.usual_min} to "
        f"{params.usual_max} points; make sure your opponent agrees",
        severity="warning",
        rule=_rule(params), scope="list",
    )


def figures(army: Army, params: DulceBellumParams, tally: Tally) -> tuple[Figure, ...]:
    required, granted = unlocks(army, params)
    return (Figure("Unlock points used", required, granted, "max"),)


RULES = GameRules(
    params_type=DulceBellumParams,
    entry_cost=sized_entry_cost,
    list_points=sum_of_entries,
    checks=(wrong_faction, not_enough_unlocks, over_unit_limit, option_repeated,
            unusual_points_limit, *spells.CHECKS),
    figures=figures,
)
