"""The interface every game's home implements: what Muster does with a game above its rules.

Modelled on Django's database backends: `Game` is a small hub (its slug, its system's numbers, flags and
schemas) holding a part per job, as a connection holds `features`, `ops` and `introspection`: `files`
(files.py), `library` (library.py), `builder` (builder.py), `printing` (printing.py), and the optional parts
of parts.py, None where a game lacks the idea. A game's package subclasses the parts it changes and names them
(`printing_class = ...`); a flag or a number where the difference is data, a method where it must be code.
The engine (`armylists.rules`) knows each game's construction rules; a home knows the rest.

Homes import no Django and no database; `registry.game_home(slug)` finds one.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Protocol

from armylists.rules.campaign.game import GameCampaign
from armylists.rules.game import GameRules
from armylists.rules.model import Entry

from .builder import Builder
from .files import Files
from .library import LibraryQuestions
from .library_items import ChosenCard, Grimoire, Spell
from .list_settings import POINTS_LIMIT, ListSetting
from .parts import ArmyForge, CommandCards, Magic
from .printing import Printing
from .schema import FactionIn, ListIn


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
    # What its `Army` has besides its list settings, resolved from the library (`files.resolve_army`), each with
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
    files_class: ClassVar[type[Files]] = Files  # its list and faction files' own fields (files.py)
    library_class: ClassVar[type[LibraryQuestions]] = LibraryQuestions  # its units' own fields asked (library.py)
    builder_class: ClassVar[type[Builder]] = Builder  # what its builder page offers and shows (builder.py)
    printing_class: ClassVar[type[Printing]] = Printing  # how its roster and cards print (printing.py)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.slug}>"

    # --- its parts and its data files

    @cached_property
    def files(self) -> Files:
        return self.files_class(self)

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
