"""What Dulce Bellum's rules read besides the engine's list: the game's Magic Grimoires and their spells (Magic:
Magic Grimoires), built by its home from its faction files' grimoires (docs/faction-file.md, "Dulce Bellum
grimoires and spells")."""
from __future__ import annotations

from dataclasses import dataclass


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
