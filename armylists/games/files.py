"""A game's files part (`home.files`): the own fields its list file and its faction file declare (each once, by
its schemas: own_fields.py), how the engine keeps them, and what a file is checked for beyond its schema
(against itself and against the library).

One part of a game's home, as `connection.creation` is one of a Django database backend's (docs/architecture.md,
"A game is one package"): `Files` does what most games' files need, and a game's package subclasses it where its
files say more, naming the subclass in its home's `files_class`.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from functools import cached_property
from typing import TYPE_CHECKING, Any

from armylists.rules.model import Army, Entry, Unit

from .own_fields import (
    COMBINED,
    ENTRY_SHARED,
    FACTION_SHARED,
    OPTION_SHARED,
    SIZE,
    UNIT_SHARED,
    OwnField,
    declared,
    entry_schema,
    filled,
    option_schema,
    unit_schema,
    values_of,
    without_defaults,
)
from .schema import EntryIn, ListIn

if TYPE_CHECKING:
    from .base import Game, GameLibrary

# What every game's army has (the engine's `Army` fields): kept beside its `details`, never in them.
ARMY_SHARED = frozenset(f.name for f in fields(Army))

# What every faction of a frozen library has had since submissions were first stored (docs/events.md, "Submissions
# are frozen"), whatever its game: kept, so that the same data gives the same data fingerprint on a roster.
FROZEN_FACTION: Mapping[str, Any] = {"alignment": None, "command_cards": []}


class Files:
    def __init__(self, game: Game) -> None:
        self.game = game

    @cached_property
    def entry_fields(self) -> tuple[OwnField, ...]:
        """Its list entries' own fields, declared once by its list schema (`own_fields.py`), each with the
        kind of control the builder asks for it by."""
        return declared(entry_schema(self.game.list_schema), ENTRY_SHARED)

    def entry_field(self, control: str) -> OwnField | None:
        """Its entries' field the builder asks for by `control` (`own_fields.CONTROLS`); None where it has none."""
        return next((f for f in self.entry_fields if f.control == control), None)

    def entry_details(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """An entry's own fields as the engine's `Entry` keeps them: each declared one, at its default where
        `given` leaves it out (a list as a tuple)."""
        return filled(self.entry_fields, given)

    def entry_details_of(self, entry: EntryIn) -> dict[str, Any]:
        """A validated list entry's own fields, as the engine's `Entry` keeps them."""
        return self.entry_details(values_of(entry, ENTRY_SHARED))

    def army_details(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """An army's own fields as the engine's `Army` keeps them: the `Army` field of each list setting (at
        the list file's default where `given` leaves it out) and what it resolves from the library."""
        defaults = {s.army_field: self.game.list_schema.model_fields[s.name].default for s in self.game.list_settings
                    if s.army_field not in ARMY_SHARED}
        defaults |= self.game.army_from_library
        if unknown := set(given) - set(defaults):
            raise ValueError(f"no such field of a {self.game.slug} army: {', '.join(sorted(unknown))}")
        return {**defaults, **given}

    def taken_at(self, size: str | None) -> dict[str, Any]:
        """The own fields of an entry that takes its unit at `size` (one of `sizes_of` its unit); {} for no size, or
        where its game's entries name none."""
        field = self.entry_field(SIZE.kind)
        return {field.name: size} if field is not None and size is not None else {}

    def entry_variants(self, unit: Unit) -> list[dict[str, Any]]:
        """The own fields of each way an entry of `unit` may be taken that its points or its name tell apart:
        as it is, combined (where its game combines units), at each of its sizes (a campaign's units)."""
        combined = self.entry_field(COMBINED.kind)
        sizes = [self.taken_at(size) for size, _ in self.game.library.sizes_of(unit.details)]
        return [{}, *([{combined.name: True}] if combined else []), *sizes]

    def entry_title(self, entry: Entry) -> str:
        """An entry's unit's name, and what its own fields make of it where they change what it is
        ("Spearmen (combined)"): how a campaign names a unit bought from a list."""
        return entry.unit.name

    def check_entry(self, library: GameLibrary, path: str, unit: Unit, details: Mapping[str, Any]) -> None:
        """What an entry's own fields (`details`, at `path` of its list file) name in the library is there and
        may be named (a size of its unit, a grimoire of the game); BadInput at the first fault. A field naming
        another entry is not checked here: a wrong one is a rule's violation (docs/list-file.md, "Entries")."""

    def resolve_army(self, library: GameLibrary, document: ListIn) -> dict[str, Any]:
        """What its `Army` reads from the library (`army_from_library`): what the list names, found there
        (BadInput, with its path, for what is not), and what the rules look up whatever the list names."""
        return {}

    @cached_property
    def unit_fields(self) -> tuple[OwnField, ...]:
        """Its units' own fields, declared once by its faction schema (`own_fields.py`)."""
        return declared(unit_schema(self.game.faction_schema), UNIT_SHARED)

    @cached_property
    def option_fields(self) -> tuple[OwnField, ...]:
        """Its options' own fields, declared once by its faction schema (`own_fields.py`)."""
        return declared(option_schema(self.game.faction_schema), OPTION_SHARED)

    def book_profile(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        """What a player sees of a unit besides its name and its cost: a book read again that changes it changes
        the unit (docs/faction-file.md, "Army Forge books"). By default its rules, stats and options and the own
        fields its card shows (its sizes, where it has them)."""
        seen = ("rules", "stats", "option_groups", *(f.name for f in self.unit_fields if f.shown))
        return {name: doc.get(name) for name in seen} | {"options": self.options_as_exported(doc)}

    def options_as_exported(self, doc: Mapping[str, Any]) -> list[dict[str, Any]]:
        """A unit document's options as an export writes them, their own fields at their defaults left out: a
        book read afresh (which says every default) compares like with like with the library's export."""
        return [{k: v for k, v in o.items() if k in OPTION_SHARED} | without_defaults(self.option_fields, o)
                for o in doc.get("options", ())]

    def check_unit(self, unit: Any, path: str, units: Mapping[str, Any]) -> None:
        """A faction file's unit (validated, at `path`) beyond its schema: what its own fields name among its
        faction's `units` (by slug) is there and may be named; BadInput at the first fault."""

    def check_file(self, factions: Sequence[Any], tops: Mapping[str, Any]) -> None:
        """A faction file's factions and the game's own top-level fields in it (`faction_file_fields`, by name),
        validated, beyond their schemas: what their own fields name across the file is unique where the format
        says so (docs/faction-file.md); BadInput at the first fault. Each unit is `check_unit`'s."""

    def check_against_library(self, factions: Sequence[Any], tops: Mapping[str, Any], loaded: Mapping[str, Any],
                              others: Mapping[str, Mapping[str, Any]]) -> None:
        """A faction file (validated) against the game's data already in the library: `loaded`, the game's own
        top-level fields; `others`, the own fields of the factions the file does not replace, by slug. What the
        file names but does not hold is there, and what it adds clashes with nothing kept; BadInput at the first
        fault."""

    @cached_property
    def faction_fields(self) -> tuple[OwnField, ...]:
        """Its factions' own fields (a Diskwars faction's alignment and command cards), declared once by its
        faction schema, kept in `Faction.details` as the file names them."""
        return declared(self.game.faction_schema, FACTION_SHARED)

    def frozen_details(self, details: Mapping[str, Any], drawn_on: bool) -> dict[str, Any]:
        """What a frozen library (a tournament submission's `Library.snapshot()`) keeps of a faction's own
        fields, and what the engine's `Faction` is given of them: `drawn_on`, whether the list takes units or
        cards of it. By default all of them, of every faction, as a rule may read any faction's;
        `FROZEN_FACTION` first, as every submission stored it. A game keeping less says what (its frozen
        factions' keys are what their rosters' data fingerprints hash)."""
        return FROZEN_FACTION | dict(details)

