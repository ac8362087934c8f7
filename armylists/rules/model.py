"""What the engine checks: a list and the unit data it refers to, as frozen dataclasses.

These are built at the boundary (from a validated list file and the faction
library) and never touch a database. One `Unit` shape serves every game; the
fields a game does not use keep their defaults.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

TOUGH = re.compile(r"^\s*Tough\s*\(\s*\+?(\d+)\s*\)\s*$", re.IGNORECASE)
CASTER = re.compile(r"^\s*Caster\s*\(\s*\+?(\d+)\s*\)\s*$", re.IGNORECASE)


def rule_value(rules: tuple[str, ...], pattern: re.Pattern[str]) -> int | None:
    """The summed X of a parameterised rule such as Tough(X); None when absent.

    Rules with (X) stack by adding their values (AoF Regiments: Special Rules).
    """
    values = [int(m.group(1)) for r in rules if (m := pattern.match(r))]
    return sum(values) if values else None


@dataclass(frozen=True, slots=True)
class Option:
    slug: str
    name: str
    cost: int = 0
    group: str | None = None
    scope: str = "unit"  # OPR: all_models | model | unit
    command: str | None = None  # OPR: sergeant | musician | banner


@dataclass(frozen=True, slots=True)
class OptionGroup:
    slug: str
    name: str
    min: int = 0
    max: int = 1


@dataclass(frozen=True, slots=True)
class SizeProfile:
    """Dulce Bellum: one size a unit can be taken at."""

    size: str  # single | squad | platoon | company | horde
    points: int
    morale: int | None = None


@dataclass(frozen=True, slots=True)
class Unit:
    slug: str
    name: str
    faction: str
    rules: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    option_groups: tuple[OptionGroup, ...] = ()
    # OPR and Battleground
    cost: int = 0
    # OPR
    models: int = 1
    hero: bool = False
    # Battleground
    unit_class: str | None = None  # core | standard | elite
    mercenary: bool = False
    keywords: tuple[str, ...] = ()
    # Diskwars
    kind: str | None = None  # hero | troop
    size: str | None = None  # small | medium | large
    race: str | None = None
    unique: bool = False
    elite: int = 0
    recruitment_points: int = 0
    command_value: int = 0
    recruitment_cost: int = 0
    alignment: str | None = None  # the faction's: order | destruction
    # Dulce Bellum
    rarity: str | None = None  # common | irregular | uncommon | rare
    limit: int | None = None
    sizes: tuple[SizeProfile, ...] = ()
    spellcaster: int | None = None

    @property
    def tough(self) -> int | None:
        return rule_value(self.rules, TOUGH)

    def option(self, slug: str) -> Option | None:
        return next((o for o in self.options if o.slug == slug), None)

    def size_profile(self, size: str | None) -> SizeProfile | None:
        return next((s for s in self.sizes if s.size == size), None)


@dataclass(frozen=True, slots=True)
class CommandCard:
    """Diskwars command card, chosen at list time."""

    slug: str
    title: str
    faction: str
    alignment_only: str | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    unit: Unit
    options: tuple[Option, ...] = ()
    name: str | None = None
    combined: bool = False  # OPR
    joined_to: str | None = None  # AoF Regiments: id of the host entry
    size: str | None = None  # Dulce Bellum
    regiment: str | None = None  # Diskwars: id of the hero entry
    spells: tuple[str, ...] = ()  # Dulce Bellum

    @property
    def faction(self) -> str:
        return self.unit.faction

    @property
    def label(self) -> str:
        """How a message names this entry: its custom name, else the unit's."""
        return self.name or self.unit.name


@dataclass(frozen=True, slots=True)
class Army:
    game: str
    faction: str
    entries: tuple[Entry, ...]
    points_limit: int | None = None
    name: str | None = None
    force_organisation: bool = True  # OPR
    mixed_armies: str = "free"  # OPR: free | tournament
    command_cards: int = 0  # Battleground: cards bought
    command_card_picks: tuple[CommandCard, ...] = ()  # Diskwars: cards chosen
    regiments: int | None = None  # Diskwars
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    def entry(self, entry_id: str | None) -> Entry | None:
        return next((e for e in self.entries if e.id == entry_id), None)
