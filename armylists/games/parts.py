"""The optional parts of a game's home: each an idea some games have and others lack (command cards, magic).

As Django's database backends hand their optional jobs to small objects (docs/architecture.md, "A game is one
package"), a home holds each of these as a part, or None where its game lacks the idea: a caller asks
`home.cards` or `home.magic` and knows from None that the game has none, so no part's method ever has to refuse.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from armylists.rules.model import Army, Unit

from .library_items import CardShown, ChosenCard, Grimoire
from .schema import ListIn


class CommandCards(ABC):
    """A game whose lists choose command cards by name from its factions' (Diskwars, Building an Army)."""

    # The field of its list file in which a list names the cards it chooses (their slugs): the builder's card
    # picker reads and writes it by this name, as it names none of a game's fields.
    field: str

    def named(self, document: ListIn) -> tuple[str, ...]:
        """The cards a list chooses, by slug."""
        return tuple(getattr(document, self.field))

    @abstractmethod
    def of(self, details: Mapping[str, Any]) -> list[dict[str, Any]]:
        """A faction's command cards as its file writes them (slug, title...), from its own fields."""

    def shown(self, doc: Mapping[str, Any]) -> CardShown:
        """One of a faction's cards as the builder's card picker and the faction's page show it."""
        return CardShown(doc["slug"], doc["title"], "", doc.get("text") or "")

    @abstractmethod
    def card(self, doc: Mapping[str, Any], faction: str) -> ChosenCard:
        """One of a faction's cards as the game's rules read it."""

    def chosen(self, army: Army) -> tuple[ChosenCard, ...]:
        """The cards the list chose, as the engine read them (the roster prints their texts)."""
        return ()

    def to_choose(self, army: Army) -> int | None:
        """How many cards a list must choose; None where the game sets no number."""
        return None


class Magic(ABC):
    """A game whose casters draw spells from the game's grimoires (Dulce Bellum, Magic)."""

    def grimoire_docs(self, game_details: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The game's grimoires with their spells, as its faction files write them (its own top-level field)."""
        return list(game_details.get("grimoires", ()))

    @abstractmethod
    def grimoire(self, doc: Mapping[str, Any]) -> Grimoire:
        """One of the game's grimoires (`grimoire_docs`), with its spells, as its rules read it."""

    def grimoires_of(self, details: Mapping[str, Any]) -> tuple[str, ...]:
        """The slugs of the grimoires a faction's casters may draw on."""
        return tuple(details.get("grimoires", ()))

    def spells_chosen(self, unit: Unit) -> int:
        """How many spells an entry of `unit` may list."""
        return 0

    def knows_whole_grimoire(self, unit: Unit) -> bool:
        """Whether an entry of `unit` knows every spell of the grimoire it draws on, and so lists none."""
        return False
