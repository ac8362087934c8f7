"""A game's printing part (`home.printing`): how its roster groups and prints the list's cards, which rules a
card names for the glossary, and what the text export adds below the points.

One part of a game's home, as `connection.ops` is one of a Django database backend's (docs/architecture.md, "A
game is one package"): `Printing` says what most games print, and a game's package subclasses it where its
cards differ, naming the subclass in its home's `printing_class`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from armylists.rules.model import Army, Entry
from armylists.rules.report import Report

from .card_parts import CardContext, Stat, faction_detail, printed_stats
from .sections import Section

if TYPE_CHECKING:
    from .base import Game


class Printing:
    stat_labels: ClassVar[Mapping[str, str]] = {}  # in the order the game's cards print them

    def __init__(self, game: Game) -> None:
        self.game = game

    def roster_sections(self, army: Army, report: Report) -> list[Section]:
        """How the roster groups the cards: by default one group, in list order."""
        return [Section(None, list(army.entries))]

    def rules_named(self, entry: Entry) -> tuple[str, ...]:
        """Every special rule an entry's card names, for the list's glossary (roster and share page): its unit's
        rules, and in a game that has them its keywords or its weapons' rules."""
        return entry.rules

    def card_facts(self, entry: Entry, doc: dict[str, Any], ctx: CardContext) -> dict[str, Any]:
        """A card's game-specific parts: size, stats, tags, details, points_unit (and keywords, points, spells)."""
        return {"size": "", "stats": self.stats(doc), "tags": [], "details": faction_detail(entry, ctx),
                "points_unit": self.game.points_noun}

    def stats(self, doc: dict[str, Any]) -> list[Stat]:
        """A unit's printed profile, in the order of `stat_labels`."""
        return printed_stats(self.stat_labels, doc)

    def entry_stats(self, entry: Entry, stats: list[Stat]) -> list[Stat]:
        """An entry's card: the unit's stats as its options leave them (as printed, unless a game says)."""
        return stats

    def roster_extras(self, army: Army) -> list[Stat]:
        """Settings of the list printed in the roster's header."""
        return []

    def list_text_lines(self, army: Army) -> list[str]:
        """What the text export says of the list below its points (the command cards bought or chosen)."""
        return []
