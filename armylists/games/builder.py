"""A game's builder part (`home.builder`): what the builder's picker offers (factions, units, their prices),
how it shows an entry (its cost, its tags, the units a hero may join) and how it lays a list out under headings.

One part of a game's home, as `connection.ops` is one of a Django database backend's (docs/architecture.md, "A
game is one package"): `Builder` says what most games do, and a game's package subclasses it where its builder
differs, naming the subclass in its home's `builder_class`.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from armylists.rules.model import Army, Entry, Unit
from armylists.rules.report import Report

from .schema import SAMPLE_TAG
from .sections import Section

if TYPE_CHECKING:
    from .base import Game


@dataclass(frozen=True)
class FactionChoice:
    """A faction the builder's picker offers, and what its units are to the list."""

    slug: str
    name: str
    role: str = ""  # "" for the list's own faction, else e.g. "ally" or "mercenaries"

    @property
    def label(self) -> str:
        return f"{self.name} ({self.role})" if self.role else self.name


class Builder:
    other_faction_title: ClassVar[str] = "Other factions"

    def __init__(self, game: Game) -> None:
        self.game = game

    def unit_price(self, doc: dict[str, Any]) -> str:
        """What a unit costs, as the picker shows it."""
        return f"{self.game.library.listed_cost(doc) or 0} pts"

    def picker_factions(self, primary: str, factions: Sequence[tuple[str, str, str | None]],
                        settings: Mapping[str, Any], params: Any, used: set[str]) -> list[FactionChoice]:
        """The factions whose units a list may take, its own first. `factions` are the game's
        (slug, name, alignment); `settings` the list file's; `used` the factions its entries are of.
        A game that does not mix factions offers its own only."""
        return [FactionChoice(slug, name) for slug, name, _ in factions if slug == primary]

    def offers_unit(self, doc: dict[str, Any], faction: str, primary: str) -> bool:
        """Whether the picker offers a unit of `faction` to a list of `primary`."""
        return True

    def joined_heroes(self, army: Army) -> dict[str, list[Entry]]:
        """Host entry id -> the heroes shown inside its card (games where heroes join units)."""
        return {}

    def join_targets(self, army: Army, params: Any, hero: Entry) -> list[tuple[Entry, str]]:
        """The entries `hero` could be joined to, each with why it may not ("" when it may)."""
        return []

    def points_text(self, unit: Unit, points: int | None) -> str:
        """An entry's cost as the builder shows it; "" where the game has no figure for it."""
        return "" if points is None else f"{points} {self.game.points_noun}"

    def entry_tags(self, unit: Unit, entry: Entry | None, params: Mapping[str, Any]) -> list[str]:
        """The short labels beside an entry on the builder page."""
        return self.game.library.unit_tags(unit.details, {}) + [SAMPLE_TAG] * unit.sample

    def sections(self, army: Army, report: Report, faction_names: Mapping[str, str]) -> list[Section]:
        """How the builder and the text export lay a list out: its own faction, then each other one."""
        primary = [e for e in army.entries if e.faction == army.faction]
        laid_out = [Section(None, primary, key="primary")]
        for slug in dict.fromkeys(e.faction for e in army.entries if e.faction != army.faction):
            members = [e for e in army.entries if e.faction == slug]
            points = sum(report.entry_points.get(e.id, 0) for e in members)
            laid_out.append(Section(f"{self.other_faction_title}: {faction_names.get(slug, slug)}", members,
                                    note=f"{points} pts", key=f"faction-{slug}"))
        return laid_out

