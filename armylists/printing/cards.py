"""One entry of a list as a printed card, in its game's own layout (its home's `printing.card_facts`).

Everything comes from the engine entry, its points from the report and its
unit document (the faction-file JSON, which carries the printable `stats`).
Nothing here reads the database.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from armylists.games.base import Game
from armylists.games.card_parts import CardContext, Stat, Tracker
from armylists.games.schema import SAMPLE_TAG
from armylists.rules.model import Entry

__all__ = ["Card", "CardContext", "Pick", "Stat", "Tracker", "build_card", "picks"]


@dataclass(frozen=True, slots=True)
class Pick:
    """An option taken, `count` times; `cost` is the points of one as the unit lists it."""

    name: str
    count: int
    cost: int

    @property
    def text(self) -> str:
        return f"{self.count}× {self.name}" if self.count > 1 else self.name

    @property
    def cost_text(self) -> str:
        if not self.cost:
            return ""
        sign = "+" if self.cost > 0 else "−"
        # A no-break space keeps "+5 pts" together when the options line wraps.
        return f"{sign}{abs(self.cost)}\u00a0pts" + (" each" if self.count > 1 else "")


@dataclass(frozen=True)
class Card:
    entry_id: str
    name: str
    custom_name: str | None
    size: str
    stats: tuple[Stat, ...]
    points: int | None
    points_unit: str
    tags: tuple[str, ...] = ()
    details: tuple[Stat, ...] = ()
    picks: tuple[Pick, ...] = ()
    rules: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    # Every rule the card names, its rules line and elsewhere (its weapons' AP...): explained on the roster.
    explained: tuple[str, ...] = ()
    # A caster's army book spells ({"name", "threshold", "text"}): printed once, with what each does, on the roster.
    spells: tuple[dict, ...] = ()
    violations: tuple[int, ...] = ()
    joined: tuple[Card, ...] = field(default=())
    # Boxes to tick at the table: a box per model of a multi-model unit, a box per wound of Tough(X).
    trackers: tuple[Tracker, ...] = ()

    @property
    def short_stats(self) -> tuple[Stat, ...]:
        return tuple(s for s in self.stats if not s.wide)

    @property
    def wide_stats(self) -> tuple[Stat, ...]:
        return tuple(s for s in self.stats if s.wide)

    @property
    def unit_total(self) -> int | None:
        """The unit with the heroes that joined it, as the table sees it."""
        if self.points is None:
            return None
        return self.points + sum(c.points or 0 for c in self.joined)

    @property
    def all_rules(self) -> tuple[str, ...]:
        """Rules of this card and of the heroes that joined it, for the glossary."""
        return (*self.keywords, *self.rules, *self.explained, *(r for c in self.joined for r in c.all_rules))

    def without_detail(self, label: str) -> Card:
        return replace(self, details=tuple(d for d in self.details if d.label != label))


def picks(entry: Entry) -> tuple[Pick, ...]:
    counts = Counter(o.slug for o in entry.options)
    seen: dict[str, Pick] = {}
    for o in entry.options:
        seen.setdefault(o.slug, Pick(o.name, counts[o.slug], o.cost))
    return tuple(seen.values())


def build_card(home: Game, entry: Entry, doc: dict[str, Any], ctx: CardContext, violations: tuple[int, ...],
               joined: tuple[Card, ...] = ()) -> Card:
    """The entry's card as its game (`home`) lays it out."""
    facts = home.printing.card_facts(entry, doc, ctx)
    return Card(
        entry_id=entry.id,
        name=entry.unit.name,
        custom_name=entry.name,
        size=facts["size"],
        stats=tuple(facts["stats"]),
        points=facts.get("points", ctx.entry_points.get(entry.id)),
        points_unit=facts["points_unit"],
        tags=(*facts["tags"], *[SAMPLE_TAG] * entry.unit.sample),
        details=tuple(facts["details"]),
        picks=picks(entry),
        rules=entry.rules,
        keywords=tuple(facts.get("keywords", ())),
        explained=home.printing.rules_named(entry),
        spells=tuple(facts.get("spells", ())),
        violations=violations,
        joined=joined,
        trackers=tuple(facts.get("trackers", ())),
    )
