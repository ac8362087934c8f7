"""What the shared layers read of a game's own items of its library: a command card a list chose, a grimoire
and its spells.

Each is its game's idea, typed in its game's package and built by its home (`CommandCards.card`,
`Magic.grimoire`) from its faction files (docs/architecture.md, "A game is one package"); the builder, the
printed roster and the checking layer read only what these say, so they name no game's type.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


class ChosenCard(Protocol):
    """A command card a list chose by name (`CommandCards.chosen`): the roster prints its title and its text."""

    @property
    def slug(self) -> str: ...

    @property
    def title(self) -> str: ...


@dataclass(frozen=True)
class CardShown:
    """A faction's command card as a page shows it (`CommandCards.shown`): whom it is only for is in its game's
    words ("Order"; "" for any army)."""

    slug: str
    title: str
    only: str = ""
    text: str = ""


class Spell(Protocol):
    """A spell of a grimoire, as the spell picker and a caster's card show it."""

    @property
    def slug(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def basic(self) -> bool: ...

    @property
    def difficulty(self) -> str | None: ...


class Grimoire(Protocol):
    """A grimoire of a game whose casters choose spells (its entries declare a `GRIMOIRE` field)."""

    @property
    def slug(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def spells(self) -> Sequence[Spell]: ...
