"""A game's library questions (`home.library`): what the layers above ask of a unit's, an option's and a
faction's own fields (`details`, as its faction file names them), which they never read by name, as each game
names them its own way (tests/games/test_game_fields_stay_in_games.py): a unit's tags, whether it is a hero, its
models, cost and sizes; what an option grants and what its cost buys; the side a faction is on.

One part of a game's home, as `connection.introspection` is one of a Django database backend's
(docs/architecture.md, "A game is one package"): `LibraryQuestions` answers for most games, and a game's package
subclasses it where its fields say more, naming the subclass in its home's `library_class`.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .own_fields import OwnField, tags

if TYPE_CHECKING:
    from .base import Game


class LibraryQuestions:
    def __init__(self, game: Game) -> None:
        self.game = game

    @cached_property
    def filters(self) -> tuple[OwnField, ...]:
        """The declared fields named in `unit_filters`, in that order."""
        by_name = {f.name: f for f in self.game.files.unit_fields}
        return tuple(by_name[name] for name in self.game.unit_filters)

    def unit_tags(self, details: Mapping[str, Any], spell_names: Mapping[str, str]) -> list[str]:
        """A unit's own fields as the short labels beside its name (the library's card, the builder).
        `spell_names`: the game's spells by slug, for a unit that names one."""
        return tags(self.game.files.unit_fields, details)

    def is_hero(self, details: Mapping[str, Any]) -> bool:
        """Whether the unit is a hero: an entry that may join a unit or leads a regiment, a campaign's hero."""
        return False

    def joins_regiment(self, details: Mapping[str, Any]) -> bool:
        """Whether an entry of the unit joins a hero's regiment (a game whose `troops_join_regiments`)."""
        return False

    def models_of(self, details: Mapping[str, Any]) -> int | None:
        """How many models the unit is of, where its game counts them and the unit says; else None."""
        return None

    def listed_cost(self, details: Mapping[str, Any]) -> int | None:
        """The points the unit's card lists, where its game prices a unit by one number; else None."""
        return None

    def spells_named(self, details: Mapping[str, Any]) -> dict[str, str]:
        """The spells the unit always knows, by slug, each under the name of the field that names it."""
        return {}

    def sizes_of(self, details: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The sizes the unit may be taken at, where its game has sizes (an entry names one in its field the
        builder asks for by `SIZE`), each as a list names it and as the builder offers it; else none."""
        return []

    def size_rows(self, details: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The unit's sizes as the library's unit card tables them: `label`, `morale`, `points`."""
        return []

    def weapons_line(self, details: Mapping[str, Any]) -> str:
        """The unit's weapons as the library's unit card prints them; "" where its game lists none."""
        return ""

    def unit_card_tags(self, doc: Mapping[str, Any]) -> list[str]:
        """The short labels on a unit's card in the builder (the picker, each entry), from its document."""
        return []

    def unit_rules_named(self, doc: Mapping[str, Any]) -> list[str]:
        """Every special rule a unit's card in the builder names, each explained from the glossary."""
        return list(doc.get("rules", ()))

    def option_grants(self, details: Mapping[str, Any]) -> tuple[str, ...]:
        """The special rules an option grants the unit that takes it (the engine's `Option.grants`), from its own
        fields; none by default."""
        return ()

    def option_cost_note(self, details: Mapping[str, Any]) -> str:
        """What an option's cost buys where it is not once for the unit ("all models"), said after the cost
        (the builder, the library's unit card); "" by default."""
        return ""

    def option_card_notes(self, details: Mapping[str, Any]) -> list[str]:
        """What the library's unit card says of an option after its cost: by default its cost note alone."""
        note = self.option_cost_note(details)
        return [note] if note else []

    def option_taken_once(self, details: Mapping[str, Any]) -> bool:
        """Whether the builder offers an option outside any group once (a checkbox) rather than a number of
        times: every option of a game whose `options_once`, by default."""
        return self.game.options_once

    def alignment_of(self, details: Mapping[str, Any]) -> str | None:
        """The side a faction is on, where its game has sides: which factions may ally (`picker_factions`)."""
        return None

    def alignment_said(self, details: Mapping[str, Any]) -> str | None:
        """The side a faction is on (`alignment_of`) in its game's words, as its pages show it."""
        return None

    def book_spells(self, details: Mapping[str, Any]) -> list[dict[str, Any]]:
        """A faction's army book's spells as its file writes them, printed on its casters' cards."""
        return []

