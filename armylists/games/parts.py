"""The optional parts of a game's home: each an idea some games have and others lack (command cards, magic,
Army Forge's files).

As Django's database backends hand their optional jobs to small objects (docs/architecture.md, "A game is one
package"), a home holds each of these as a part, or None where its game lacks the idea: a caller asks
`home.cards` or `home.magic` and knows from None that the game has none, so no part's method ever has to refuse.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any

from armylists.rules.model import Army, Unit

from .book_reading import Reading
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


class ArmyForge(ABC):
    """A game that reads Army Forge's army books as factions and its list files as lists (docs/faction-file.md,
    "Army Forge books"; docs/list-file.md, "Army Forge lists")."""

    # Army Forge's game systems whose army books the game reads.
    systems: tuple[str, ...]

    @abstractmethod
    def read_book(self, data: Any) -> Reading:
        """An Army Forge army book as one faction of the game; BadInput for anything else."""

    @abstractmethod
    def book_of(self, details: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """Where a faction was read from, if from an Army Forge book (`book`: its uid, `version`, `game_system`);
        None for any other."""

    @abstractmethod
    def list_game(self, data: Any) -> str | None:
        """The game of an Army Forge list file this game reads: its slug, None when this game does not read that
        file, BadInput for a file it knows and refuses."""

    @abstractmethod
    def read_list(self, data: Any, factions: Any,
                  elsewhere: Callable[[str], tuple[str, str] | None] | None = None) -> dict[str, Any]:
        """That list file as Muster's own list document, read against the game's `factions` (a library's).
        `elsewhere`: an Army Forge book uid -> the name of another game it was imported for and its faction's name
        there (None: no other game has it), so a book imported for the wrong game is said to be."""

    @abstractmethod
    def list_as_sent(self, document: Mapping[str, Any]) -> Any:
        """The Army Forge list file a list document was read from (`read_list`), as it was sent, where the
        document keeps it; else None."""

    @abstractmethod
    def read_rules(self, data: Any) -> list[dict[str, str]]:
        """Army Forge's common rules file of the game's system as rule texts ({"name", "text"}); BadInput for
        anything else (docs/faction-file.md, "Army Forge's common rules")."""
