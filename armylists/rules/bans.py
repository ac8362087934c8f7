"""An event's bans: factions and units its organiser does not allow.

Not a rule of any rulebook: a tournament's own restriction, set per event
(`banned_factions`, `banned_units`) and applied to every list checked for it.
The slugs arrive as an event's settings; the checks name what they flag as
players know it.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping

from .game import Tally
from .model import Army, Entry
from .params import GameParams
from .report import Violation
from .text import distinct, listing, plural

SECTION = "Event rules"
BAN_SETTINGS = ("banned_factions", "banned_units")


def army_bans(settings: Mapping[str, Any]) -> dict[str, frozenset]:
    """The `Army` fields for an event's ban settings; banned units are spelt "faction/unit"."""
    bans: dict[str, frozenset] = {}
    if "banned_factions" in settings:
        bans["banned_factions"] = frozenset(settings["banned_factions"])
    if "banned_units" in settings:
        pairs = [slug.partition("/") for slug in settings["banned_units"]]
        bad = [f + s + u for f, s, u in pairs if not (f and s and u)]
        if bad:
            raise ValueError(f"a banned unit is named 'faction/unit', not {bad[0]!r}")
        bans["banned_units"] = frozenset((f, u) for f, _, u in pairs)
    return bans


def _grouped(entries: Iterable[Entry], key) -> dict[object, list[Entry]]:
    groups: dict[object, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(key(entry), []).append(entry)
    return groups


def banned_faction(army: Army, params: GameParams, tally: Tally) -> Iterator[Violation]:
    """Every entry from a faction the event bans; one violation per banned faction used."""
    hits = [e for e in army.entries if e.faction in army.banned_factions]
    for slug, entries in _grouped(hits, lambda e: e.faction).items():
        verb = "is" if len(entries) == 1 else "are"
        faction = army.faction_named(slug)
        yield Violation(
            "banned-faction",
            f"{listing(distinct(e.label for e in entries))} {verb} from {faction.name if faction else slug}, "
            "a faction this event does not allow",
            entries=tuple(e.id for e in entries),
            rule=f"{SECTION}: Banned factions", scope="entries",
        )


def banned_unit(army: Army, params: GameParams, tally: Tally) -> Iterator[Violation]:
    """Every entry of a unit the event bans; one violation per banned unit, with all its entries."""
    hits = [e for e in army.entries if (e.faction, e.unit.slug) in army.banned_units]
    for entries in _grouped(hits, lambda e: (e.faction, e.unit.slug)).values():
        count = "" if len(entries) == 1 else f" ({plural(len(entries), 'entry', 'entries')})"
        yield Violation(
            "banned-unit",
            f"{entries[0].unit.name}{count}: this event does not allow this unit",
            entries=tuple(e.id for e in entries),
            rule=f"{SECTION}: Banned units", scope="entries",
        )


BAN_CHECKS = (banned_faction, banned_unit)
