"""Battleground Fantasy Warfare 4.0: building an army (rulebook pp. 126-127, 136-138).

A list is units bought from one primary faction, perhaps with mercenaries from
one other faction, plus command cards bought at a fixed price. Every limit is
counted from the points limit (the "points budget"), never from points spent.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from armylists.rules.game import GameRules, Tally, per
from armylists.rules.model import Army, Entry, Unit
from armylists.rules.report import Figure, Violation
from armylists.rules.text import distinct, listing, plural

from .numbers import BattlegroundParams


def unit_class(unit: Unit) -> str:
    """Core, standard or elite: the unit's `class` (a word Python keeps for itself, so not an attribute)."""
    return unit.details["class"]


def flat_entry_cost(entry: Entry) -> int:
    """Battleground: the printed cost plus any options."""
    return entry.unit.cost + sum(o.cost for o in entry.options)


def _rule(params: BattlegroundParams, section: str | None = None) -> str:
    return f"{params.book}: {section or params.army_section}"


def _mercenaries(army: Army) -> list[Entry]:
    """Entries not of the primary faction: the book's mercenary units (Mercenaries, p. 126)."""
    return [e for e in army.entries if e.faction != army.faction]


def _core(army: Army) -> list[Entry]:
    """Core units of the primary faction: the only ones that meet the core minimum."""
    return [e for e in army.entries if unit_class(e.unit) == "core" and e.faction == army.faction]


def _elite_kinds(army: Army) -> dict[tuple[str, str], list[Entry]]:
    """Elite entries grouped by kind, in list order.

    A "kind" is one unit of one faction: Knights and Dismounted Knights are
    different kinds, and a mercenary's elites are kinds of their own.
    """
    kinds: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for e in army.entries:
        if unit_class(e.unit) == "elite":
            kinds[(e.faction, e.unit.slug)].append(e)
    return kinds


def list_points(army: Army, params: BattlegroundParams, entry_points: dict[str, int]) -> int:
    """Units plus the command cards bought (Setting Up a Game: Build Army)."""
    return sum(entry_points.values()) + army.cards_bought * params.command_card_cost


def too_few_core(army: Army, params: BattlegroundParams, tally: Tally) -> Iterator[Violation]:
    """At least one core unit of the primary faction per `core_per` points of the limit;
    core mercenaries do not count (Mercenaries: Core & Elite Mercenaries)."""
    needed, core = per(army.points_limit, params.core_per), _core(army)
    if len(core) >= needed:
        return
    hired = [e for e in _mercenaries(army) if unit_class(e.unit) == "core"]
    note = (f"; mercenary core units do not count ({listing(distinct(e.label for e in hired))})"
            if hired else "")
    yield Violation(
        "too-few-core",
        f"{plural(len(core), 'core unit')}; at least {needed} needed at {army.points_limit} "
        f"points (1 per {params.core_per}){note}",
        entries=tuple(e.id for e in hired),
        rule=_rule(params), scope="list",
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
                rule=_rule(params), scope="list",
            )


def mercenary_not_allowed(army: Army, params: BattlegroundParams,
                          tally: Tally) -> Iterator[Violation]:
    """An entry from another faction must be a mercenary unit, and the event must allow them."""
    hired, own = _mercenaries(army), army.faction_name(army.faction)
    if hired and not params.mercenaries_allowed:
        # About the event, not any one unit: said once, naming every entry it concerns.
        yield Violation("mercenary-not-allowed",
                        f"this event allows no mercenaries; {listing(distinct(e.label for e in hired))}"
                        f" {'is' if len(hired) == 1 else 'are'} not of {own}",
                        entries=tuple(e.id for e in hired), rule=_rule(params, "Mercenaries"), scope="entries")
        return
    for e in hired:
        if not e.unit.mercenary:
            yield Violation(
                "mercenary-not-allowed",
                f"{e.label} is from {army.faction_name(e.faction)}: it is not a mercenary unit, "
                f"so a {own} army cannot take it",
                entries=(e.id,),
                rule=_rule(params, "Mercenaries"), scope="entries",
            )


def too_many_mercenary_factions(army: Army, params: BattlegroundParams,
                                tally: Tally) -> Iterator[Violation]:
    """Mercenaries come from at most `max_mercenary_factions` other factions (Choose Faction)."""
    # Reported even when the event allows no mercenaries: the rule is independent
    # of that override, and both violations point at the same entries.
    hired = _mercenaries(army)
    factions = distinct(e.faction for e in hired)
    if len(factions) <= params.max_mercenary_factions:
        return
    yield Violation(
        "too-many-mercenary-factions",
        f"mercenaries from {len(factions)} factions "
        f"({listing(army.faction_name(f) for f in factions)}); at most "
        f"{params.max_mercenary_factions} besides {army.faction_name(army.faction)}",
        entries=tuple(e.id for e in hired),
        rule=_rule(params), scope="list",
    )


def unusual_points_limit(army: Army, params: BattlegroundParams,
                         tally: Tally) -> Iterator[Violation]:
    """Warning: a budget other than the book's 1500, 2000 or 2500 "may require special rules"
    (Setting Up a Game: Choose Points Budget)."""
    limit = army.points_limit
    if limit is None or limit in params.usual_points_limits:
        return
    usual = listing((str(b) for b in params.usual_points_limits), "or")
    yield Violation("unusual-points-limit", f"a {limit} point budget is not one of the usual "
                    f"{usual}; special rules may be required, so agree them with your opponent",
                    severity="warning", rule=_rule(params), scope="list")


def over_hand_limit(army: Army, params: BattlegroundParams, tally: Tally) -> Iterator[Violation]:
    """Warning: more command cards bought than a hand holds (Command Actions: Drawing
    Command Cards, "You may have 15 cards in your hand")."""
    if army.cards_bought > params.hand_limit:
        yield Violation("over-hand-limit", f"{plural(army.cards_bought, 'command card')} bought; "
                        f"a hand may hold only {params.hand_limit}", severity="warning",
                        rule=_rule(params, "Command Actions"), scope="list")


def figures(army: Army, params: BattlegroundParams, tally: Tally) -> tuple[Figure, ...]:
    most_elite = max((len(c) for c in _elite_kinds(army).values()), default=0)
    return (
        Figure("Core units", len(_core(army)), per(army.points_limit, params.core_per), "min"),
        Figure("Elite units of one kind (most taken)", most_elite,
               per(army.points_limit, params.elite_per), "max"),
        Figure(f"Command cards ({params.command_card_cost} points each)", army.cards_bought,
               None, "info"),
    )


RULES = GameRules(
    params_type=BattlegroundParams,
    entry_cost=flat_entry_cost,
    list_points=list_points,
    checks=(too_few_core, too_many_elite, mercenary_not_allowed, too_many_mercenary_factions,
            unusual_points_limit, over_hand_limit),
    figures=figures,
)
