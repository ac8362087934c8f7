"""What the engine checks: a list and the unit data it refers to, as frozen dataclasses.

These are built at the boundary (from a validated list file and the faction
library) and never touch a database. One `Unit`, one `Entry` and one `Army` shape
serve every game: what every game has, and `details`, the fields its game
declares of its own (a unit's as its faction file names them, an entry's as its
list file does, an army's its list settings and what its game resolves from the
library; each present, at its default when the file leaves it out), read as
attributes by the game's rules (a unit's `hero`, an entry's `joined_to`, an army's
`regiments`). An `Option` is made the same way, with its game's own option fields.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping


@dataclass(frozen=True, slots=True)
class OptionGroup:
    slug: str
    name: str
    min: int = 0
    max: int = 1


class OwnFields:
    """What a game declares of its own for a unit, an option, an entry or a list: `details`, as its files name
    them (docs/architecture.md, "A game is one package"), each an attribute too, read as fast as any (a check
    reads them often). Those who build one fill in every declared field, at its default where the file leaves it
    out; a field the game does not declare is no attribute."""

    details: Mapping[str, Any]

    def __post_init__(self) -> None:
        for name, value in self.details.items():
            if hasattr(type(self), name) or name in self.__dataclass_fields__:
                raise ValueError(f"{self._said}'s own field may not be called {name!r}")
            object.__setattr__(self, name, value)

    def __getattr__(self, name: str) -> Any:
        """Only reached for a name that is no attribute: a field its game does not declare."""
        raise AttributeError(f"{self._said} of this game has no field {name!r}")

    def with_details(self, **changes: Any) -> Any:
        """A copy with some of its own fields changed (an OPR hero joined to another unit, an event's setting)."""
        return replace(self, details={**self.details, **changes})

    @property
    def _said(self) -> str:
        name = type(self).__name__.lower()
        return f"an {name}" if name[0] in "aeiou" else f"a {name}"


@dataclass(frozen=True)
class Option(OwnFields):
    """An option of a unit: what every game's option has, and `details`, the fields its game declares for its
    options (an OPR option's scope, command, weapons...), each an attribute too, as a unit's are."""

    slug: str
    name: str
    cost: int = 0
    group: str | None = None
    # The special rules it grants the unit that takes it, on the unit's rules line: filled by its game from its
    # own fields (an OPR option's `rules`), none where the game's options grant none.
    grants: tuple[str, ...] = ()
    # The fields its game declares for its options (docs/architecture.md, "A game is one package").
    details: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Unit(OwnFields):
    slug: str
    name: str
    faction: str
    rules: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    option_groups: tuple[OptionGroup, ...] = ()
    sample: bool = False  # made up for the demo, not from a publisher's book (its data's notes say "Sample")
    # The fields its game declares for its units (docs/architecture.md, "A game is one package").
    details: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def option(self, slug: str) -> Option | None:
        return next((o for o in self.options if o.slug == slug), None)


@dataclass(frozen=True)
class Faction(OwnFields):
    """A faction a list may name: what every game's faction has (how messages name it), and `details`, the
    fields its game declares for its factions (a faction's side, the grimoires its casters may use), each an
    attribute too, as a unit's are."""

    slug: str
    name: str
    # The fields its game declares for its factions, as a frozen library keeps them of every faction
    # (docs/architecture.md, "A game is one package").
    details: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Entry(OwnFields):
    id: str
    unit: Unit
    options: tuple[Option, ...] = ()
    name: str | None = None
    # The fields its game declares for its list entries (an OPR entry's `combined`, a Diskwars troop's
    # `regiment`...): docs/architecture.md, "A game is one package".
    details: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def rules(self) -> tuple[str, ...]:
        """Its unit's special rules and those its options grant (`Option.grants`), once each: its card's rules
        line."""
        granted = (r for o in self.options for r in o.grants)
        return tuple(dict.fromkeys((*self.unit.rules, *granted)))

    @property
    def faction(self) -> str:
        return self.unit.faction

    @property
    def label(self) -> str:
        """How a message names this entry: its custom name, else the unit's."""
        return self.name or self.unit.name


@dataclass(frozen=True)
class Army(OwnFields):
    game: str
    faction: str
    entries: tuple[Entry, ...]
    points_limit: int | None = None
    name: str | None = None
    # The factions the list may name (at least every faction of its entries and
    # its own); a faction missing here is named by its slug and has no own fields.
    factions: tuple[Faction, ...] = ()
    # An event's bans (see bans.py): faction slugs, and (faction, unit) slug pairs.
    banned_factions: frozenset[str] = frozenset()
    banned_units: frozenset[tuple[str, str]] = frozenset()
    # What its game's list settings set (`ListSetting.army_field`: OPR's `force_organisation`, Diskwars'
    # `regiments`...) and what its game resolves from the library (Diskwars' `cards_chosen`, Dulce Bellum's
    # `grimoires`): docs/architecture.md, "A game is one package".
    details: Mapping[str, Any] = field(default_factory=dict, hash=False)
    # Indexes built once, so that every lookup is O(1) and a check stays linear.
    _positions: dict[str, int] = field(init=False, repr=False, compare=False, hash=False,
                                       default_factory=dict)  # entry id -> index
    _factions: dict[str, Faction] = field(init=False, repr=False, compare=False, hash=False,
                                          default_factory=dict)

    def __post_init__(self) -> None:
        super().__post_init__()
        positions: dict[str, int] = {}
        for i, e in enumerate(self.entries):
            positions.setdefault(e.id, i)  # ids are unique; if not, the first one wins
        object.__setattr__(self, "_positions", positions)
        object.__setattr__(self, "_factions", {f.slug: f for f in reversed(self.factions)})

    def entry(self, entry_id: str | None) -> Entry | None:
        i = self._positions.get(entry_id) if entry_id is not None else None
        return None if i is None else self.entries[i]

    def position(self, entry_id: str) -> int:
        """Where the entry stands in the list (0 first); -1 when no entry has that id."""
        return self._positions.get(entry_id, -1)

    def in_order(self, ids: Iterable[str]) -> tuple[str, ...]:
        """The given entry ids in list order, each once; ids not in the list are left out."""
        known = {i for i in ids if i in self._positions}
        return tuple(sorted(known, key=self._positions.__getitem__))

    def faction_named(self, slug: str) -> Faction | None:
        return self._factions.get(slug)

    def faction_name(self, slug: str) -> str:
        """How a message names a faction: its name, else its slug."""
        found = self.faction_named(slug)
        return found.name if found else slug
