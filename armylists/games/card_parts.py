"""What a printed card is made of, shared by every game's layout: labelled stats and details.

A game's home (`Printing.card_facts`) lays out its cards from these; printing turns
the facts into `Card`s and the PDF. Nothing here reads the database.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from armylists.rules.model import Entry

from .library_items import Grimoire, Spell

# Stats that are lists of gear, and values longer than WIDE_STAT, print on
# their own line under the stat boxes.
WIDE_KEYS = {"equipment", "weapons", "ranged", "missile", "special"}
WIDE_STAT = 14
# Stats that are a target number on a die; the books write them "4+".
TARGET_NUMBERS = {"quality", "defense", "defence", "me", "melee", "mi", "missile", "de"}


@dataclass(frozen=True, slots=True)
class Stat:
    label: str
    value: str
    wide: bool = False


BOX = "\u2610"  # ☐, a ballot box: one run of text, where a box per element would cost its layout each


@dataclass(frozen=True, slots=True)
class Tracker:
    """A row of boxes a player ticks at the table: one per model, or per wound; `groups` of `each` boxes (a
    model's wounds), printed with a space between groups."""

    label: str
    groups: int
    each: int = 1

    @property
    def boxes(self) -> str:
        if self.each == 1:  # one box per model: in fives, as tallies are counted
            return " ".join(BOX * min(5, self.groups - i) for i in range(0, self.groups, 5))
        return " ".join([BOX * self.each] * self.groups)

    @property
    def count(self) -> int:
        return self.groups * self.each


@dataclass(frozen=True)
class CardContext:
    """What a card needs beyond its entry: the list's faction, names and points, the game's grimoires."""

    game: str
    primary: str
    faction_names: dict[str, str]
    entry_points: dict[str, int]
    labels: dict[str, str]  # entry id -> how the list names it
    grimoires: tuple[Grimoire, ...] = field(default=())
    book_spells: Mapping[str, list[dict[str, Any]]] = field(default_factory=dict)  # OPR: faction -> its spells

    @cached_property
    def spells(self) -> dict[str, Spell]:
        return {s.slug: s for g in self.grimoires for s in g.spells}

    def grimoire(self, slug: str | None) -> Grimoire | None:
        return next((g for g in self.grimoires if g.slug == slug), None)


def label(labels: Mapping[str, str], key: str) -> str:
    """A stat's name as the game prints it, else the key made readable."""
    return labels.get(key.lower(), key.replace("_", " ").replace("-", " ").capitalize())


def stat_value(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and key.lower() in TARGET_NUMBERS and 1 < value <= 6:
        return f"{value}+"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def printed_stats(labels: Mapping[str, str], doc: dict[str, Any]) -> list[Stat]:
    """The unit's stats labelled as the game does, in the order of its `labels`.

    The order is the game's, not the faction file's: the database may not keep a
    unit's stats in the file's order (PostgreSQL's jsonb orders keys by length).
    Stats the game does not name come after the others.
    """
    order = {key: position for position, key in enumerate(labels)}
    in_order = sorted((doc.get("stats") or {}).items(), key=lambda item: order.get(item[0].lower(), len(order)))
    stats = []
    for key, raw in in_order:
        value = stat_value(key, raw)
        stats.append(Stat(label(labels, key), value, key.lower() in WIDE_KEYS or len(value) > WIDE_STAT))
    return stats


def faction_detail(entry: Entry, ctx: CardContext) -> list[Stat]:
    """An entry from another faction than the list's says which."""
    if entry.faction == ctx.primary:
        return []
    return [Stat("Faction", ctx.faction_names.get(entry.faction, entry.faction))]
