"""What Dulce Bellum's rules read besides the engine's list: the sizes a unit may be taken at (Building an Army),
from its own field `sizes`, and the game's Magic Grimoires and their spells (Magic: Magic Grimoires), built by its
home from its faction files' grimoires (docs/faction-file.md, "Dulce Bellum grimoires and spells")."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from armylists.rules.model import Unit


@dataclass(frozen=True, slots=True)
class SizeProfile:
    """One size a unit can be taken at, with its own points and morale."""

    size: str  # single | squad | platoon | company | horde
    points: int
    morale: int | None = None


def size_profiles(details: Mapping[str, Any]) -> tuple[SizeProfile, ...]:
    """A unit's sizes, from its own field `sizes` as its faction file writes them (none where a unit has none,
    as one made in a test may not)."""
    return tuple(_profile(s) for s in details.get("sizes") or ())


def size_profile(unit: Unit, size: str | None) -> SizeProfile | None:
    """The size `unit` is taken at; None for a size it does not offer. Only that one is built: the check asks
    for an entry's size at every entry."""
    return next((_profile(s) for s in unit.details.get("sizes") or () if s["size"] == size), None)


def _profile(size: Mapping[str, Any]) -> SizeProfile:
    return SizeProfile(size["size"], size["points"], size.get("morale"))


@dataclass(frozen=True, slots=True)
class Spell:
    """One spell of a grimoire."""

    slug: str
    name: str
    basic: bool = False
    difficulty: str | None = None  # as printed, e.g. "8+"


@dataclass(frozen=True, slots=True)
class Grimoire:
    """A Magic Grimoire, shared by every faction of the game."""

    slug: str
    name: str
    spells: tuple[Spell, ...] = ()
