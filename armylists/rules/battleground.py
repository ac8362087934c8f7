"""Battleground Fantasy Warfare 4.0: building an army (rulebook pp. 126-127, 136-138).

A list is units bought from one primary faction, perhaps with mercenaries from
one other faction, plus command cards bought at a fixed price. Every limit is
counted from the points limit (the "points budget"), never from points spent.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterator

from .costs import flat_entry_cost
from .game import GameRules, Tally, per
from .model import Army, Entry
from .params import BattlegroundParams
from .report import Figure, Violation


def _rule(params: BattlegroundParams, section: str = "Setting Up a Game") -> str:
    return f"{params.book}: {section}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _mercenaries(army: Army) -> list[Entry]:
    """Entries not of the primary faction: the book's mercenary units (L1987-L1989)."""
    return [e for e in army.entries if e.faction != army.faction]


def _elite_kinds(army: Army) -> dict[tuple[str, str], list[Entry]]:
    """Elite entries grouped by kind, in list order.

    A "kind" is one unit of one faction (extract §6.3): Knights and Dismounted
    Knights are different kinds, and a mercenary's elites are kinds of their own.
    """
    kinds: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for e in army.entries:
        if e.unit.unit_class == "elite":
            kinds[(e.faction, e.unit.slug)].append(e)
    return kinds


def list_points(army: Army, params: BattlegroundParams, entry_points: dict[str, int]) -> int:
    """Units plus the command cards bought (L2171)."""
    return sum(entry_points.values()) + army.command_cards * params.command_card_cost


def too_few_core(army: Army, params: BattlegroundParams, tally: Tally) -> Iterator[Violation]:
    """At least one core unit of the primary faction per `core_per` points of the limit."""
    needed = per(army.points_limit, params.core_per)
    core = [e for e in army.entries if e.unit.unit_class == "core" and e.faction == army.faction]
    if len(core) >= needed:
        return
    hired = sum(1 for e in _mercenaries(army) if e.unit.unit_class == "core")
    note = f"; {_plural(hired, 'mercenary core unit')} cannot count" if hired else ""
    yield Violation(
        "too-few-core",
        f"{_plural(len(core), 'core unit')}; at least {needed} needed at "
        f"{army.points_limit} points (1 per {params.core_per}){note}",
        rule=_rule(params),
    )


def too_many_elite(army: Army, params: BattlegroundParams, tally: Tally) -> Iterator[Violation]:
    """At most one of each elite unit per `elite_per` points of the limit, mercenaries included."""
    allowed = per(army.points_limit, params.elite_per)
    for copies in _elite_kinds(army).values():
        if len(copies) > allowed:
            yield Violation(
                "too-many-elite",
                f"{len(copies)} {copies[0].unit.name}; at most {allowed} of each elite unit at "
                f"{army.points_limit} points (1 per {params.elite_per})",
                entries=tuple(e.id for e in copies),
                rule=_rule(params),
            )


def mercenary_not_allowed(army: Army, params: BattlegroundParams,
                          tally: Tally) -> Iterator[Violation]:
    """An entry from another faction must be a mercenary unit, and the event must allow them."""
    for e in _mercenaries(army):
        if not params.mercenaries_allowed:
            why = "this event allows no mercenaries"
        elif not e.unit.mercenary:
            why = f"it is not a mercenary unit, so a {army.faction} army cannot take it"
        else:
            continue
        yield Violation(
            "mercenary-not-allowed",
            f"{e.label} is from {e.faction}: {why}",
            entries=(e.id,),
            rule=_rule(params, "Mercenaries"),
        )


def too_many_mercenary_factions(army: Army, params: BattlegroundParams,
                                tally: Tally) -> Iterator[Violation]:
    """Mercenaries come from at most `max_mercenary_factions` other factions (L2154)."""
    # Reported even when the event allows no mercenaries: the rule is independent
    # of that override, and both violations point at the same entries.
    hired = _mercenaries(army)
    factions = list(dict.fromkeys(e.faction for e in hired))
    if len(factions) <= params.max_mercenary_factions:
        return
    yield Violation(
        "too-many-mercenary-factions",
        f"mercenaries from {len(factions)} factions ({', '.join(factions)}); at most "
        f"{params.max_mercenary_factions} besides {army.faction}",
        entries=tuple(e.id for e in hired),
        rule=_rule(params),
    )


def figures(army: Army, params: BattlegroundParams, tally: Tally) -> tuple[Figure, ...]:
    core = sum(1 for e in army.entries if e.unit.unit_class == "core" and e.faction == army.faction)
    most_elite = max((len(c) for c in _elite_kinds(army).values()), default=0)
    return (
        Figure("Core units", core, per(army.points_limit, params.core_per), "min"),
        Figure("Elite units of one kind (most taken)", most_elite,
               per(army.points_limit, params.elite_per), "max"),
        Figure(f"Command cards ({params.command_card_cost} points each)", army.command_cards,
               None, "info"),
    )


RULES = GameRules(
    slug="battleground",
    params_type=BattlegroundParams,
    entry_cost=flat_entry_cost,
    list_points=list_points,
    checks=(too_few_core, too_many_elite, mercenary_not_allowed, too_many_mercenary_factions),
    figures=figures,
)
