"""A unit's card as the builder shows it, in the picker and on each entry: its stats, special
rules (each explained from its game's glossary), the options it offers with their costs, and a
link to its page in the library.

Read side: built from the library's unit documents, once per unit and request; a live library's
(its game's data at a version) once per unit and process, as its documents do not change
(building every entry's card again was a twentieth of an edit's time).
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from armylists.checking.library import Library
from armylists.games.base import Game
from armylists.games.card_parts import Stat
from armylists.games.schema import SAMPLE_TAG, is_sample
from armylists.games.terms import lookup, rule_name, spelled_out, term_key


def cost_text(cost: int, note: str = "") -> str:
    """An option's cost as the builder shows it, with what its game says the cost buys
    (`home.library.option_cost_note`)."""
    text = f"{cost:+d} pts" if cost else "free"
    return text + (f" · {note}" if note else "")


@dataclass(frozen=True)
class RuleView:
    text: str  # as the unit's data writes it: "Tough(3)"
    key: str = ""  # the glossary term it is explained by ("" when the glossary has none)


@dataclass(frozen=True)
class Term:
    key: str
    name: str
    description: str


@dataclass
class UnitCard:
    slug: str
    name: str
    faction: str
    url: str
    price: str
    tags: list[str] = field(default_factory=list)
    stats: list[Stat] = field(default_factory=list)
    rules: list[RuleView] = field(default_factory=list)
    options: list[dict[str, str]] = field(default_factory=list)
    sizes: list[dict[str, Any]] = field(default_factory=list)


def glossary_terms(home: Game) -> list[Term]:
    """Every special rule the game's glossary explains; the page holds each once, as a popover."""
    return [Term(term_key(name), name, text) for name, text in sorted(home.glossary.items())
            if text.strip()]


_LOOKUPS: dict[int, tuple[dict, dict]] = {}  # id(glossary) -> (glossary, its `lookup`): a game's glossary is read once


def _explained(home: Game) -> dict[str, tuple[str, str]]:
    glossary = home.glossary
    kept = _LOOKUPS.get(id(glossary))
    if kept is None or kept[0] is not glossary:
        kept = _LOOKUPS[id(glossary)] = (glossary, lookup(glossary))
    return kept[1]


def rule_views(home: Game, rules: list[str]) -> list[RuleView]:
    known = _explained(home)
    views = []
    for rule in rules:
        name = rule_name(rule).casefold()
        explained = not spelled_out(rule) and name in known and bool(known[name][1].strip())
        views.append(RuleView(rule, term_key(known[name][0]) if explained else ""))
    return views


def unit_tags(home: Game, doc: dict[str, Any]) -> list[str]:
    """The labels on a unit's card: its own fields, as its game shows them there, and whether it is a sample."""
    return home.library.unit_card_tags(doc) + [SAMPLE_TAG] * is_sample(doc.get("notes"))


# Cards of live libraries' units, by (data version, game, card address pattern, faction, unit): read, never
# changed, by every request of this process. Bounded: a re-import's new version leaves the old ones behind.
_CARDS: dict[tuple, UnitCard | None] = {}
_CARDS_LOCK = threading.Lock()
CARDS_KEPT = 5000


def card_maker(game: str, library: Library) -> Callable[[str, str], UnitCard | None]:
    """cards(faction, unit slug) -> the unit's card, built once per unit for this request (for this process,
    from a live library: `_CARDS`). Shared: a caller copies one to change it (`dataclasses.replace`)."""
    home, made = library.home, {}
    pattern = reverse("factions:unit-detail", args=[game, "FACTION", "UNIT"])
    kept = _CARDS if library.version is not None else made

    def build(faction: str, slug: str) -> UnitCard | None:
        source = library.factions.get(faction)
        doc = source.unit_docs.get(slug) if source else None
        return None if doc is None else UnitCard(
            slug=slug, name=doc["name"], faction=faction,
            url=pattern.replace("FACTION", faction).replace("UNIT", slug),
            price=home.builder.unit_price(doc), tags=unit_tags(home, doc), stats=home.printing.stats(doc),
            rules=rule_views(home, home.library.unit_rules_named(doc)),
            options=[{"name": o["name"], "cost": cost_text(o.get("cost", 0), home.library.option_cost_note(o))}
                     for o in doc.get("options", ())],
            sizes=[{"value": size, "label": label} for size, label in home.library.sizes_of(doc)])

    def card(faction: str, slug: str) -> UnitCard | None:
        key = (library.version, game, pattern, faction, slug)
        if key in kept:
            return kept[key]
        made_now = build(faction, slug)
        with _CARDS_LOCK:
            if len(kept) >= CARDS_KEPT:
                kept.clear()
            kept[key] = made_now
        return made_now

    return card
