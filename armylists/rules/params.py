"""The numbers each game's rules use, as typed records.

Each game's package subclasses `GameParams` with the numbers its rules read. The
values are data of the game system (shown on each game's page and editable in
the admin); an event may override any of
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

    def explain(self) -> list[str]:
        """The game's construction rules in plain words, with these numbers (shown on the
        game's page, the event's page and printed rosters)."""
        raise NotImplementedError


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
