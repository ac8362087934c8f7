"""The bounds of an action's fields, declared with the field (`bound`), in plain Python.

An action's dataclass is its one declaration: its kind, its fields, and
through each field's metadata the bounds it must keep. The boundary above the
engine (`armylists.campaigns.payloads`) builds its pydantic models, the
campaign file's format and its JSON Schema from these, so a field is never
written twice.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Text:
    min_length: int | None = 1
    max_length: int | None = None
    pattern: str | None = None
    lines: bool = False  # a text of several lines (a note); else one line, as a name is


@dataclass(frozen=True)
class Whole:
    ge: int
    le: int


@dataclass(frozen=True)
class OneOf:
    options: tuple[str, ...]


@dataclass(frozen=True)
class Many:
    """A tuple of items, each within `item` (None for dataclasses, which declare their own)."""

    item: Text | Whole | None
    max_length: int
    min_length: int = 0


Bound = Text | Whole | OneOf | Many


def bound(limits: Bound | None, default: Any = MISSING) -> Any:
    """A dataclass field with its bounds (None: a flag or a nested dataclass, which need none)."""
    return field(default=default, metadata={"bound": limits})


MAX_UNITS = 200
MAX_ARMIES = 20
KEY = Text(min_length=None, pattern=r"^[a-z][0-9]{1,6}$")  # an army's or a unit's key: a1, u12
NAME = Text(max_length=120)
SLUG = Text(max_length=200)
REASON = Text(max_length=300)
USERNAME = Text(max_length=150)
NOTES = Text(min_length=None, max_length=2000, lines=True)
COUNT = Whole(0, 50)
MISSION = Whole(1, 10_000)
ROUND = Whole(1, 100)  # a mission's round; the game's campaign rules hold a mission's own number of rounds
KEYS = Many(KEY, MAX_UNITS)
TRAIT_KEYS = Many(SLUG, 20)
