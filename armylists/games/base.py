"""The interface every game's home implements: what Muster does with a game above its rules.

Modelled on Django's database backends: `Game` says what most games do, and
each game's module subclasses it, setting a flag or a number where the
difference is data and overriding a method where it must be code. The engine
(`armylists.rules`) knows each game's construction rules; a home knows the rest:
its file schemas, its list settings, what the builder's picker offers, how
entries group on the page and on the roster, and what a printed card shows.

Homes import no Django and no database; `registry.game_home(slug)` finds one.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Protocol

from armylists.rules.campaign.game import GameCampaign
from armylists.rules.game import GameRules
from armylists.rules.model import Army, Entry, Unit

from .builder import Builder
from .library import LibraryQuestions
from .library_items import ChosenCard, Grimoire, Spell
from .list_settings import POINTS_LIMIT, ListSetting
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
from .parts import ArmyForge, CommandCards, Magic
from .printing import Printing
from .schema import EntryIn, FactionIn, ListIn

# What every game's army has (the engine's `Army` fields): kept beside its `details`, never in them.
ARMY_SHARED = frozenset(f.name for f in fields(Army))


class GameLibrary(Protocol):
    """What a game reads of the game library when it resolves a list (`checking.library.Library`, a layer
    above the games, which they may not import: docs/architecture.md, "The layers")."""

    game: str
    grimoires: tuple[Grimoire, ...]
    spells: Mapping[str, tuple[Spell, Grimoire]]

    def grimoire(self, slug: str | None) -> Grimoire | None: ...

    def command_cards(self) -> Mapping[str, ChosenCard]: ...


def distinct_labels(entries: Iterable[Entry]) -> dict[str, str]:
    """How the builder and the roster name each entry so that copies can be told apart: its custom
    name, else its unit's name, numbered from the second copy on ("Infantrymen (2)")."""
    seen: Counter[str] = Counter()
    labels = {}
    for e in entries:
        if e.name:
            labels[e.id] = e.name
            continue
        seen[e.unit.name] += 1
        n = seen[e.unit.name]
        labels[e.id] = e.unit.name if n == 1 else f"{e.unit.name} ({n})"
    return labels


# What every faction of a frozen library has had since submissions were first stored (docs/events.md, "Submissions
# are frozen"), whatever its game: kept, so that the same data gives the same data fingerprint on a roster.
FROZEN_FACTION: Mapping[str, Any] = {"alignment": None, "command_cards": []}


class Game:
    slug: ClassVar[str]
    rules: ClassVar[GameRules]  # its construction rules, for the engine
    # Its campaign rules (numbers, tables, the handlers of the actions they govern), for the engine; None: the
    # book has none, and the game's campaigns are kept by hand (docs/campaigns.md, "Campaigns").
    campaign: ClassVar[GameCampaign | None] = None
    list_schema: ClassVar[type[ListIn]]
    faction_schema: ClassVar[type[FactionIn]]
    # Top-level fields of the game's faction files besides format, game and factions: name -> type.
    faction_file_fields: ClassVar[Mapping[str, Any]] = {}

    # Lists
    has_points: ClassVar[bool] = True  # False: no points limit (Diskwars pays in recruitment points)
    points_noun: ClassVar[str] = "pts"
    no_points_help: ClassVar[str] = ""  # shown when creating a list of a game without points
    list_settings: ClassVar[tuple[ListSetting, ...]] = (POINTS_LIMIT,)  # each declared once (list_settings.py)

    @property
    def event_list_settings(self) -> dict[str, str]:
        """The list settings an event may set for every list, each with the `Army` field it sets."""
        return {s.name: s.army_field for s in self.list_settings if s.event_may_set}
    # Its optional parts (parts.py): None where the game lacks the idea, so a caller knows from None.
    cards: ClassVar[CommandCards | None] = None  # its lists choose command cards by name
    magic: ClassVar[Magic | None] = None  # its casters draw spells from grimoires
    army_forge_reader: ClassVar[ArmyForge | None] = None  # it reads Army Forge's army books and list files
    # What its `Army` has besides its list settings, resolved from the library (`resolve_army`), each with
    # what the engine reads where nothing is: e.g. the command cards a list chose.
    army_from_library: ClassVar[Mapping[str, Any]] = {}

    # Entries
    combines_units: ClassVar[bool] = False  # two copies of a unit may be combined into one
    heroes_join_units: ClassVar[bool] = False  # a hero entry may name the unit it joins
    troops_join_regiments: ClassVar[bool] = False  # a troop entry names its hero's regiment
    options_once: ClassVar[bool] = False  # every option at most once per unit

    # The library and the builder's picker (`library.filters`)
    unit_filters: ClassVar[tuple[str, ...]] = ()  # own unit fields the picker and a faction page filter by

    # Printing
    # The book's tournament scoring, where it gives one (docs/events.md, "The tournament day"): the number of
    # rounds, VP for a win, a tie and a loss, and the tiebreakers in order. None: the book gives none.
    tournament_scoring: ClassVar[Mapping[str, Any] | None] = None
    # The book's optional sideboard lists: (main list's largest share of the game size in %, each sideboard
    # list's, how many sideboard lists at most). None: the book has no such rule.
    sideboards: ClassVar[tuple[int, int, int] | None] = None
    library_class: ClassVar[type[LibraryQuestions]] = LibraryQuestions  # its units' own fields asked (library.py)
    builder_class: ClassVar[type[Builder]] = Builder  # what its builder page offers and shows (builder.py)
    printing_class: ClassVar[type[Printing]] = Printing  # how its roster and cards print (printing.py)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.slug}>"

    # --- the list file: the game's own fields of an entry and of the army

    @cached_property
    def entry_fields(self) -> tuple[OwnField, ...]:
        """Its list entries' own fields, declared once by its list schema (`own_fields.py`), each with the
        kind of control the builder asks for it by."""
        return declared(entry_schema(self.list_schema), ENTRY_SHARED)

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
        defaults = {s.army_field: self.list_schema.model_fields[s.name].default for s in self.list_settings
                    if s.army_field not in ARMY_SHARED}
        defaults |= self.army_from_library
        if unknown := set(given) - set(defaults):
            raise ValueError(f"no such field of a {self.slug} army: {', '.join(sorted(unknown))}")
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
        sizes = [self.taken_at(size) for size, _ in self.library.sizes_of(unit.details)]
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

    # --- the faction file: the game's own fields of a unit, an option, a faction

    @cached_property
    def unit_fields(self) -> tuple[OwnField, ...]:
        """Its units' own fields, declared once by its faction schema (`own_fields.py`)."""
        return declared(unit_schema(self.faction_schema), UNIT_SHARED)

    @cached_property
    def option_fields(self) -> tuple[OwnField, ...]:
        """Its options' own fields, declared once by its faction schema (`own_fields.py`)."""
        return declared(option_schema(self.faction_schema), OPTION_SHARED)

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
        return declared(self.faction_schema, FACTION_SHARED)

    def frozen_details(self, details: Mapping[str, Any], drawn_on: bool) -> dict[str, Any]:
        """What a frozen library (a tournament submission's `Library.snapshot()`) keeps of a faction's own
        fields, and what the engine's `Faction` is given of them: `drawn_on`, whether the list takes units or
        cards of it. By default all of them, of every faction, as a rule may read any faction's;
        `FROZEN_FACTION` first, as every submission stored it. A game keeping less says what (its frozen
        factions' keys are what their rosters' data fingerprints hash)."""
        return FROZEN_FACTION | dict(details)

    # --- its parts and its data files

    @cached_property
    def library(self) -> LibraryQuestions:
        return self.library_class(self)

    @cached_property
    def builder(self) -> Builder:
        return self.builder_class(self)

    @cached_property
    def printing(self) -> Printing:
        return self.printing_class(self)

    def _beside_home(self, name: str) -> Path:
        """A data file of the game's package (beside its home module)."""
        return Path(sys.modules[type(self).__module__].__file__).with_name(name)

    @cached_property
    def system(self) -> dict[str, Any]:
        """The game system as the package ships it (`system.json`): name, version, source and the
        numbers its rules read (`params`), from which its row in the game library is made."""
        return json.loads(self._beside_home("system.json").read_text(encoding="utf-8"))

    @cached_property
    def glossary(self) -> dict[str, str]:
        """One-line descriptions of the game's special rules, in our own words (the
        `glossary.json` beside the game's home)."""
        return json.loads(self._beside_home("glossary.json").read_text(encoding="utf-8"))
