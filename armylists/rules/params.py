"""The numbers each game's rules use, as typed records.

The values are data of the game system (factions/data/game_systems.json, shown
on each game's page and editable in the admin); an event may override any of
them. Nothing here holds a default number: a check only ever sees what the
game system says.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Mapping


@dataclass(frozen=True, slots=True)
class GameParams:
    book: str  # how violations name the rulebook, e.g. "AoF Regiments"
    points_presets: tuple[int, ...]  # the usual game sizes, offered when creating a list
    # The book's section on building a list, which rules about the list as a whole cite.
    army_section: ClassVar[str] = "Building an Army"


@dataclass(frozen=True, slots=True)
class OprParams(GameParams):
    hero_per: int  # one hero per this many points of the limit
    copies_per: int  # 1 + one more copy per this many points
    max_unit_percent: int  # no single unit over this share of the limit
    joined_hero_in_unit_cost: bool  # a joined hero's cost counts towards its unit's share
    unit_per: int  # one unit per this many points
    model_per: int | None  # one model per this many points (Skirmish only)
    command_group_scope: str  # "unit": one of each per unit; "army": one in the whole army
    heroes_may_join: bool
    join_max_tough: int  # heroes up to Tough(X) may join a unit
    default_mixed_armies: str  # single | free | tournament, when the list does not say
    mixed_max_factions: int  # tournament mixed armies
    mixed_primary_percent: int
    army_section: ClassVar[str] = "Preparing your Army"


@dataclass(frozen=True, slots=True)
class BattlegroundParams(GameParams):
    core_per: int  # at least one core unit per this many points of budget
    elite_per: int  # at most one of each elite unit per this many points
    command_card_cost: int
    mercenaries_allowed: bool
    max_mercenary_factions: int
    usual_points_limits: tuple[int, ...]  # the book's budgets; any other gets a warning
    hand_limit: int  # command cards a hand holds
    army_section: ClassVar[str] = "Setting Up a Game"


@dataclass(frozen=True, slots=True)
class DulceBellumParams(GameParams):
    unlocks_granted: Mapping[str, int]  # by size, for units of a granting rarity
    granting_rarities: tuple[str, ...]
    unlocks_required: Mapping[str, int]  # by rarity
    usual_min: int
    usual_max: int
    max_spell_copies: int  # casters of one army that may choose the same non-basic spell


@dataclass(frozen=True, slots=True)
class DiskwarsParams(GameParams):
    max_copies: Mapping[str, int]  # per regiment, by disk size
    elite_level: int  # a disk of at least this elite level counts as elite
    max_elite_per_regiment: int
    default_regiments: int
    army_section: ClassVar[str] = "Customising an Army"


def build_params(cls: type[GameParams], data: Mapping[str, Any],
                 overrides: Mapping[str, Any] | None = None) -> GameParams:
    """Make `cls` from a game system's numbers, with an event's overrides on top.

    Unknown names are refused so that a misspelt override never passes silently.
    """
    names = {f.name for f in fields(cls)}
    merged = {**data, **(overrides or {})}
    unknown = sorted(set(merged) - names)
    if unknown:
        raise ValueError(f"unknown game setting(s): {', '.join(unknown)}")
    missing = sorted(names - set(merged))
    if missing:
        raise ValueError(f"missing game setting(s): {', '.join(missing)}")
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in merged.items()}
    return cls(**values)
