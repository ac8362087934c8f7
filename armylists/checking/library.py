"""The unit data a list is checked against, from the database or frozen in a snapshot.

A `Library` holds, for each faction of a game, its unit documents (the
faction-file JSON of each unit) and command cards. A tournament submission
stores `Library.snapshot()` of the units it uses, so it is re-checked later
against exactly the data it was submitted with (`Library.from_snapshot`).

`library_of(game)` keeps each game's library in memory, per process, and
reads it again only when the game's `data_version` has changed (an import or
an admin edit changes it, see `factions.models.data_changed`): a warm check
runs one small query for the version instead of six for every unit of the
game. A `Library` is shared between requests: nothing may change one after
it is built.
"""
from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from armylists.rules.model import CommandCard, Unit
from factions.cards import card_document, engine_command_card, engine_unit
from factions.exporter import factions_with_details, unit_document
from factions.models import Faction, GameSystem


@dataclass
class LibraryFaction:
    slug: str
    name: str
    alignment: str | None
    unit_docs: dict[str, dict[str, Any]]
    card_docs: list[dict[str, Any]] = field(default_factory=list)
    _units: dict[str, Unit] = field(default_factory=dict, repr=False)

    def unit(self, slug: str) -> Unit | None:
        if slug not in self._units and slug in self.unit_docs:
            self._units[slug] = engine_unit(self.unit_docs[slug], self.slug, self.alignment)
        return self._units.get(slug)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "alignment": self.alignment, "units": self.unit_docs,
                "command_cards": self.card_docs}


@dataclass
class Library:
    game: str
    factions: dict[str, LibraryFaction]

    def unit(self, faction: str, unit: str) -> Unit | None:
        """A unit of one of the library's factions, or None."""
        source = self.factions.get(faction)
        return source.unit(unit) if source else None

    def command_cards(self) -> dict[str, CommandCard]:
        """Every faction's command cards by slug: one army may draw on several factions."""
        return {c["slug"]: engine_command_card(c, f.slug) for f in self.factions.values() for c in f.card_docs}

    def snapshot(self, used: dict[str, Iterable[str]], cards: Iterable[str] = ()) -> dict[str, Any]:
        """The data of just the units a list uses (faction slug -> unit slugs) and of the factions
        whose command cards it chooses, by slug: a Diskwars list may choose a card from a faction
        none of its units belongs to (FORMATS.md, The list file), and is checked with that card."""
        used = {slug: set(unit_slugs) for slug, unit_slugs in used.items()}
        owners = {card["slug"]: f.slug for f in self.factions.values() for card in f.card_docs}
        for card in cards:
            if card in owners:
                used.setdefault(owners[card], set())
        factions = {}
        for slug, unit_slugs in used.items():
            source = self.factions[slug]
            units = {u: source.unit_docs[u] for u in sorted(unit_slugs) if u in source.unit_docs}
            factions[slug] = LibraryFaction(slug, source.name, source.alignment, units, source.card_docs).as_dict()
        return {"game": self.game, "factions": factions}

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> Library:
        return cls(data["game"], {
            slug: LibraryFaction(slug, f["name"], f.get("alignment"), f["units"], f.get("command_cards", []))
            for slug, f in data["factions"].items()
        })


def fingerprint(data: Any) -> str:
    """A short, stable hash of any JSON data, printed on rosters so a judge can compare."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def library_from_rows(game: str, factions: Iterable[Faction]) -> Library:
    return Library(game, {
        f.slug: LibraryFaction(
            f.slug, f.name, f.alignment or None,
            {u.slug: unit_document(u, game) for u in f.units.all()},
            [card_document(c) for c in f.command_cards.all()],
        )
        for f in factions
    })


def load_library(game: GameSystem) -> Library:
    """Every faction of `game`, read from the database (six queries, whatever the number of units)."""
    return library_from_rows(game.slug, factions_with_details(game.factions.all()))


# Game id -> (the data version it was read at, its library).
_LIBRARIES: dict[int, tuple[uuid.UUID, Library]] = {}


def library_of(game: GameSystem) -> Library:
    """Every faction of `game`, kept in memory while the game's data version stays the same.

    One small query reads the version, so a game object held since before an
    import (or an admin edit) never gets stale unit data.
    """
    kept = _LIBRARIES.get(game.pk)
    version = game.data_version
    if kept is not None:
        version = GameSystem.objects.filter(pk=game.pk).values_list("data_version", flat=True).first()
        if kept[0] == version:
            return kept[1]
    library = load_library(game)
    _LIBRARIES[game.pk] = (version, library)
    return library
